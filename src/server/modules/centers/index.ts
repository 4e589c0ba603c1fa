// The centers module's face: what other modules may use of it (`import … from '../centers'`). Its
// other files are private; plain re-exports only (scripts/check-imports.mjs).
export {
  type CenterRow,
  centerNamesOf,
  centerView,
  findCenter,
  firstCenter,
  forgetCenters,
  knownCenters,
  listCenters,
  orderCenters,
} from './service';
