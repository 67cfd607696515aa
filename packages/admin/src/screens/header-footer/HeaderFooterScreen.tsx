import { useQuery } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Loading } from '../../ui/Loading.js';
import { ScreenHeading } from '../../ui/ScreenHeading.js';
import { HeaderFooterEditor } from './HeaderFooterEditor.js';
import { HEADER_FOOTER_PATH, type HeaderFooter } from './header-footer-calls.js';
// biome-ignore lint/correctness/useImportExtensions: the screen's stylesheet, bundled by Vite
import './header-footer-screen.css';

/** The site's header (title, logo, tagline, announcement bar) and footer. */
export default function HeaderFooterScreen() {
  const current = useQuery<HeaderFooter>(HEADER_FOOTER_PATH);
  return (
    <>
      <ScreenHeading>Header &amp; footer</ScreenHeading>
      <p className="hint">What every page of your site shows above and below its content. Saved changes are drafts: visitors see them once you publish.</p>
      {current.status === 'loading' && <Loading />}
      <ErrorText error={current.error} />
      {current.data && <HeaderFooterEditor current={current.data} />}
    </>
  );
}
