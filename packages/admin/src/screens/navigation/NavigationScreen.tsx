import { useQuery } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Loading } from '../../ui/Loading.js';
import { ScreenHeading } from '../../ui/ScreenHeading.js';
import { NavigationEditor } from './NavigationEditor.js';
import { SITE_LAYOUT_PATH, type SiteLayout } from './navigation-calls.js';
// biome-ignore lint/correctness/useImportExtensions: the screen's stylesheet, bundled by Vite
import './navigation-screen.css';

/** Each navigation the site's theme declares, with its entries to add, rename, reorder and remove. */
export default function NavigationScreen() {
  const layout = useQuery<SiteLayout>(SITE_LAYOUT_PATH);
  return (
    <>
      <ScreenHeading>Navigation</ScreenHeading>
      <p className="hint">The menus of your site. Saved changes are drafts: visitors see them once you publish.</p>
      {layout.status === 'loading' && <Loading />}
      <ErrorText error={layout.error} />
      {layout.data?.layout.length === 0 && <p>The site's theme has no navigation to edit.</p>}
      {layout.data?.layout.map((navigation) => (
        <NavigationEditor
          key={`${layout.data!.templateId}:${navigation.identifier}`}
          templateId={layout.data!.templateId}
          identifier={navigation.identifier}
          title={navigation.title}
          links={navigation.links}
          pages={layout.data!.pages}
          memberAreas={layout.data!.memberAreas}
        />
      ))}
    </>
  );
}
