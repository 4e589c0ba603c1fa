// The centers module's face: what other modules may use of it (`import … from '../centers'`). Its
// other files are private; plain re-exports only (scripts/check-imports.mjs).

export { centerNews } from './news';
export { type CenterScope, centerScopeOf } from './scope';
export {
  actsForCenter,
  type CenterRow,
  centerNamesMark,
  centerNamesOf,
  centerNotFound,
  centerPhoneOf,
  centerView,
  chosenCenter,
  findCenter,
  firstCenter,
  forgetCenters,
  knownCenters,
  listCenters,
  notYourCenter,
  orderCenters,
  requireCenter,
  staffCenter,
} from './service';
