// The sms-budget module's face: what other modules may use of it (`import … from '../sms-budget'`). Its other
// files are private; plain re-exports only (scripts/check-imports.mjs).
export { budgetReachedOutcome, sendWithinBudget, smsBudgetError, spendSmsBudget } from './service';
