import { MIN_PASSWORD_LENGTH } from './owner-accounts/index.js';
import { OWNER_ROLES } from './owner-sessions/index.js';

/** The help of every command and command group of `emporium`, keyed by command ('owner add'). */
export const HELP: Readonly<Record<string, string>> = {
  main: `Usage: emporium <command> [options]

Commands:
  serve [--port N] [--host H]   Start the web server (seeds the demo site into an empty database)
  seed                          Add the demo site(s) to the database
  site create <identifier> --title T [--domain D]...
                                Create a site, served at http://<identifier>.localhost:PORT/
  site list                     List sites
  owner add --site S --email E --role R [--password-stdin]
                                Add an owner account to a site
  owner list --site S           List a site's owners
  owner remove --site S --email E
                                Remove an owner (never a site's last admin)
  theme check <folder|zip>      Compile a theme and list its problems with file and line
  theme install <folder|zip> [--site S]
                                Install or update a theme (and make site S render with it)
  theme list                    List the themes and the sites using each
  dev --theme <folder> [--port N] [--host H]
                                A development server: every site in the folder's theme, reloaded on change

Environment: PORT, HOST, DATABASE_URL (PostgreSQL; else PGlite in EMPORIUM_DATA_DIR, default ./data),
REDIS_URL, LOG_LEVEL, EMPORIUM_PUBLIC_URL and more (see README, Configuration).
Run 'emporium <command> --help' for details.`,
  serve: `Usage: emporium serve [--port N] [--host H]

Opens the database, applies migrations, seeds the demo site when there are no sites, and listens
on PORT (default 3000). Sites are served at http://<identifier>.localhost:PORT/; the site list is at
http://localhost:PORT/.`,
  seed: `Usage: emporium seed

Adds the demo content to the database (applies migrations first).`,
  site: `Usage: emporium site <command> [options]

Commands:
  site create <identifier> --title T [--domain D]...
                                Create a site, served at http://<identifier>.localhost:PORT/
  site list                     List sites

Run 'emporium site <command> --help' for details.`,
  owner: `Usage: emporium owner <command> [options]

Commands:
  owner add --site S --email E --role R [--password-stdin]
                                Add an owner account to a site
  owner list --site S           List a site's owners
  owner remove --site S --email E
                                Remove an owner (never a site's last admin)

Run 'emporium owner <command> --help' for details.`,
  theme: `Usage: emporium theme <command> [options]

Commands:
  theme check <folder|zip>      Compile a theme and list its problems with file and line
  theme install <folder|zip> [--site S]
                                Install or update a theme (and make site S render with it)
  theme list                    List the themes and the sites using each

The theme format is described in docs/themes.md; 'emporium dev --theme <folder>' previews a theme as you edit it.
Run 'emporium theme <command> --help' for details.`,
  'site create': `Usage: emporium site create <identifier> --title T [--domain D]...

Creates a site with a starter home page. <identifier> is 1-63 lower-case letters, digits or inner hyphens; each --domain maps
a custom domain to the site.`,
  'site list': `Usage: emporium site list

Lists every site with its URL and custom domains.`,
  'owner add': `Usage: emporium owner add --site <identifier> --email <email> --role <role> [--password-stdin]

Adds an owner account to a site. Roles: ${OWNER_ROLES.join(', ')} (docs/roles.md).
With --password-stdin the password (at least ${MIN_PASSWORD_LENGTH} characters) is read from standard input;
otherwise a one-time password is printed, which must be changed at the first sign-in.`,
  'owner list': `Usage: emporium owner list --site <identifier>

Lists the owners of a site with their roles.`,
  'owner remove': `Usage: emporium owner remove --site <identifier> --email <email>

Removes an owner account and ends its sessions. A site's last admin cannot be removed.`,
  'theme check': `Usage: emporium theme check <folder|zip>

Reads a theme folder or .zip file and compiles every template and stylesheet with the server's
template engine, as a site would. Prints each problem as 'file:line:column: error|warning: message',
sorted by file and line, then how many there are. Exits with 1 when a problem is an error (the theme
would be refused), else 0. Needs no database.`,
  'theme install': `Usage: emporium theme install <folder|zip> [--site <identifier>]

Checks the theme as 'theme check' does and installs it for every site of the server. A theme of
the same name installed before is updated: its version goes up when the files changed, and the
sites using it show the new version at once. With --site, that site renders with the theme.
A theme with errors, or an unknown site, changes nothing (exit code 1).`,
  'theme list': `Usage: emporium theme list

Lists the themes of the server, built in first, one a line: id, name, 'built in' or
'installed, version N', and the sites rendering with it.`,
  dev: `Usage: emporium dev --theme <folder> [--port N] [--host H]

A development server for theme designers: starts like 'serve' (the same database, seeded with the
demo sites when empty) but every site renders with the theme in <folder>. When a file of the folder
changes, the theme is compiled again: a version with errors is reported and the last good one stays;
a good one replaces it at once ('Reloaded "Name"'). Nothing is installed. Not for production.`,
};
