/** `{.eval}` expressions: compile to reverse-polish JSON, evaluate against a scope. */
export { compileExpression, type ExprLimits } from './compile';
export { evaluate, asNumber, type ExprScope } from './evaluate';
export { describeExpression } from './describe';
