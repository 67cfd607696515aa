import { useQuery } from '../../api/use-query.js';
import { Link } from '../../app/router.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Loading } from '../../ui/Loading.js';
import { ScreenHeading } from '../../ui/ScreenHeading.js';
import { LanguagesEditor } from './LanguagesEditor.js';
import { LANGUAGES_PATH, type Languages } from './languages-calls.js';
// biome-ignore lint/correctness/useImportExtensions: the screen's stylesheet, bundled by Vite
import './languages-screen.css';

/** The site's languages: the primary at /, the others under their own prefix, each published or hidden. */
export default function LanguagesScreen() {
  const current = useQuery<Languages>(LANGUAGES_PATH);
  return (
    <>
      <ScreenHeading>Languages</ScreenHeading>
      <p className="hint">
        Your site in several languages: the primary language at your site's address, each other one under its own prefix (/fr/ for French). Visitors see
        published languages only. Texts not yet translated show in the primary language. Changes show on the site as soon as you save.
      </p>
      <p>
        <Link to="/translations">Translate your texts</Link> into your other languages, side by side.
      </p>
      {current.status === 'loading' && <Loading />}
      <ErrorText error={current.error} />
      {current.data && <LanguagesEditor current={current.data} />}
    </>
  );
}
