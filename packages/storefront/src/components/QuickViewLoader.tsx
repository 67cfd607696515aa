import { useEffect, useId, useState } from 'react';
import type { QuickViewData } from '../api/product-api.js';
import { fetchQuickViewData } from '../api/product-api.js';
import { browserHttpContext } from '../api/http.js';
import { QuickViewDialog } from './QuickViewDialog.js';

/** Text while the product loads and when it cannot be loaded (spec 8 UI texts). */
export const QuickViewTexts = Object.freeze({ LOADING: 'Loading…', FAILED: 'Unable to load. Try again.' });

/** Props of {@link QuickViewLoader}. */
interface QuickViewLoaderProps {
  /** Product page URL; its JSON context supplies the form. */
  readonly url: string;
  /** Title shown while loading. */
  readonly title: string;
  readonly onClose: () => void;
}

/** Opens the quick view dialog at once and fills it from the product page's JSON context. */
export function QuickViewLoader({ url, title, onClose }: QuickViewLoaderProps) {
  const labelId = useId();
  const [data, setData] = useState<QuickViewData | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    fetchQuickViewData(browserHttpContext(), url).then(
      (d) => live && setData(d),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [url]);
  if (!data) {
    return <QuickViewDialog labelId={labelId} title={title} url={url} status={failed ? QuickViewTexts.FAILED : QuickViewTexts.LOADING} onClose={onClose} />;
  }
  return (
    <QuickViewDialog
      labelId={labelId}
      title={data.title || title}
      imageUrl={data.imageUrl}
      imageAlt={data.imageAlt}
      url={data.url}
      form={data.form}
      onClose={onClose}
    />
  );
}
