import type { Engine } from '@emporium/template';
import { compileStyles, compileTheme, hasErrors, readTheme, resolveTweakValues, type ThemeFiles, type ThemeProblem } from '@emporium/theme';

/** What checking a theme found. */
export interface ThemeCheck {
  /** The theme's name (template.conf), or a stand-in when it has none. */
  readonly name: string;
  /** Every problem of its templates, its configuration and its stylesheets. */
  readonly problems: readonly ThemeProblem[];
  /** No problem is an error: the theme can be installed and rendered. */
  readonly ok: boolean;
}

/**
 * Compiles every template of a theme with `engine` (the server's, so its formatters are known)
 * and its stylesheets with the default tweak values, as a site's first page would.
 */
export async function checkTheme(engine: Engine, files: ThemeFiles): Promise<ThemeCheck> {
  const compiled = compileTheme(engine, readTheme(files));
  const { source, tweaks } = compiled;
  const styles = await compileStyles(source.stylesheets, {
    values: resolveTweakValues(tweaks, {}).values,
    tweaks,
    readFile: (path) => source.textFiles.get(path),
    assetUrl: (path) => source.assets.get(path.replace(/^\/+/, ''))?.url,
  });
  const problems = [...compiled.problems, ...styles.problems];
  return { name: source.conf.name, problems, ok: !hasErrors(problems) };
}
