/** `{.eval}` expressions: compile to reverse-polish JSON, evaluate against a scope. */
export { compileExpression, type ExprLimits } from './compile.js';
export { evaluate, asNumber, type ExprScope } from './evaluate.js';
export { describeExpression } from './describe.js';
