import type { ThemeProblem } from '@emporium/theme';

function byPlace(a: ThemeProblem, b: ThemeProblem): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return a.line - b.line || a.column - b.column;
}

/**
 * A theme's problems as compilers print them, one a line, sorted by file then line:
 * `styles/base.less:12:3: error: message`. `shownPath` says how a file is named (default: as is).
 */
export function problemLines(problems: readonly ThemeProblem[], shownPath: (file: string) => string = (file) => file): string[] {
  return [...problems].sort(byPlace).map((p) => `${shownPath(p.file)}:${Math.max(p.line, 1)}:${Math.max(p.column, 1)}: ${p.severity}: ${p.message}`);
}

function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** The line after the problems: `3 errors, 2 warnings in "Name".`, or `No problems found in "Name".` */
export function problemSummary(problems: readonly ThemeProblem[], themeName: string): string {
  const errors = problems.filter((p) => p.severity === 'error').length;
  if (problems.length === 0) return `No problems found in "${themeName}".`;
  return `${counted(errors, 'error')}, ${counted(problems.length - errors, 'warning')} in "${themeName}".`;
}
