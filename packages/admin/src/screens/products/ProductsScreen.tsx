import { useState, type FormEvent } from 'react';
import type { CollectionList } from '@emporium/server/catalogue/schemas';
import { withQuery } from '../../api/http.js';
import { useQuery } from '../../api/use-query.js';
import { CursorPager, useCursorPages } from '../../ui/CursorPager.js';
import { Link } from '../../app/router.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Field } from '../../ui/Field.js';
import { Loading } from '../../ui/Loading.js';
import { ScreenHeading } from '../../ui/ScreenHeading.js';
import { Select } from '../../ui/Select.js';
import { centsText } from '../store/store-money.js';

const PRODUCTS_PATH = '/api/owner/catalogue/products';
const COLLECTIONS_PATH = '/api/owner/catalogue/collections';
const PER_PAGE = 50;

interface ProductSummary {
  readonly id: string;
  readonly title: string;
  readonly urlId: string;
  readonly productType: number;
  readonly visibility: 'draft' | 'scheduled' | 'published';
  readonly variantCount: number;
  readonly minPriceCents: number | null;
  readonly maxPriceCents: number | null;
  readonly totalStock: number;
  readonly unlimited: boolean;
}

/** Product types of spec 3 by number. */
const PRODUCT_TYPES: Readonly<Record<number, string>> = { 1: 'Physical', 2: 'Digital', 3: 'Service', 4: 'Gift card', 5: 'Paywall' };
const VISIBILITY = [
  { value: '', label: 'Any' },
  { value: 'published', label: 'Published' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'draft', label: 'Draft' },
];
const STOCK = [
  { value: '', label: 'Any' },
  { value: 'in', label: 'In stock' },
  { value: 'low', label: 'Low (5 or fewer)' },
  { value: 'out', label: 'Sold out' },
];

function priceText(product: ProductSummary): string {
  if (product.minPriceCents === null) return '—';
  if (product.maxPriceCents === null || product.maxPriceCents === product.minPriceCents) return centsText(product.minPriceCents);
  return `${centsText(product.minPriceCents)} to ${centsText(product.maxPriceCents)}`;
}

/** The catalogue a page at a time from the server: search by title or SKU, filter by store, visibility and stock. */
export default function ProductsScreen() {
  const [filters, setFilters] = useState<Record<string, string | undefined>>({});
  const collections = useQuery<CollectionList>(COLLECTIONS_PATH);
  const stores = (collections.data?.collections ?? []).filter((collection) => collection.kind === 'store');
  const pages = useCursorPages();
  const page = useQuery<{ products: ProductSummary[]; hasNextPage: boolean; nextPageCursor: string | null }>(
    withQuery(PRODUCTS_PATH, { ...filters, limit: PER_PAGE, cursor: pages.cursor }),
  );
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim() || undefined;
    const stock = text('stock');
    setFilters({ q: text('q'), collectionId: text('collectionId'), visibility: text('visibility'), stock, lowStockAt: stock === 'low' ? '5' : undefined });
    pages.reset();
  };
  return (
    <>
      <div className="section-head">
        <ScreenHeading>Products</ScreenHeading>
        <Link to="/products/new" className="button">
          New product
        </Link>
      </div>
      <form onSubmit={apply} className="filters" role="search" aria-label="Products">
        <Field label="Title or SKU" name="q" type="search" maxLength={200} />
        {stores.length > 1 && (
          <Select
            label="Store"
            name="collectionId"
            options={[{ value: '', label: 'Any' }, ...stores.map((store) => ({ value: store.id, label: store.title }))]}
            defaultValue=""
          />
        )}
        <Select label="Visibility" name="visibility" options={VISIBILITY} defaultValue="" />
        <Select label="Stock" name="stock" options={STOCK} defaultValue="" />
        <button type="submit">Show products</button>
      </form>
      {page.status === 'loading' && <Loading />}
      <ErrorText error={page.error} />
      {page.data && page.data.products.length === 0 && <p>No products match.</p>}
      {page.data && page.data.products.length > 0 && (
        <div className="table-wrap" tabIndex={0}>
          <table>
            <caption className="visually-hidden">Products, page {pages.pageNumber}</caption>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Type</th>
                <th scope="col">Visibility</th>
                <th scope="col" className="number">
                  Variants
                </th>
                <th scope="col" className="number">
                  Price
                </th>
                <th scope="col" className="number">
                  Stock
                </th>
              </tr>
            </thead>
            <tbody>
              {page.data.products.map((product) => (
                <tr key={product.id}>
                  <td>
                    <Link to={`/products/${encodeURIComponent(product.id)}`}>{product.title}</Link>
                    <span className="hint"> /{product.urlId}</span>
                  </td>
                  <td>{PRODUCT_TYPES[product.productType] ?? product.productType}</td>
                  <td>{product.visibility[0]!.toUpperCase() + product.visibility.slice(1)}</td>
                  <td className="number">{product.variantCount}</td>
                  <td className="number">{priceText(product)}</td>
                  <td className="number">{product.unlimited ? `${product.totalStock} + unlimited` : product.totalStock}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <CursorPager
        label="Product pages"
        pageNumber={pages.pageNumber}
        hasNext={page.data?.hasNextPage ?? false}
        onBack={pages.back}
        onForward={() => pages.forward(page.data?.nextPageCursor)}
      />
    </>
  );
}
