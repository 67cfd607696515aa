/** Something wrong or odd in a theme, where it is. Errors refuse the theme; warnings do not. */
export interface ThemeProblem {
  file: string;
  line: number;
  column: number;
  message: string;
  severity: 'error' | 'warning';
}
