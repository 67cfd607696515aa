import { Suspense } from 'react';
import { errorMessage } from '../api/http.js';
import { siteOfSession, useSession } from '../api/session.js';
import { matchPath, navigate, SITE, useLocation } from './router.js';
import { SiteSwitcherScreen } from './SiteSwitcherScreen.js';
import {
  ChangePasswordScreen,
  ChoosePasswordScreen,
  CustomerScreen,
  ForgotPasswordScreen,
  FirstOwnerScreen,
  FormScreen,
  LoginScreen,
  NAV_SCREENS,
  OrderScreen,
  ProductEditorScreen,
  ItemEditorScreen,
} from './screens.js';
import { Shell } from './Shell.js';
import { Loading } from '../ui/Loading.js';
import { NotFound } from './NotFound.js';
import { SignedOutFrame } from './SignedOutFrame.js';

/** Paths of owners who are not signed in. */
const PUBLIC_PATHS = ['/login', '/forgot-password', '/reset-password', '/accept-invitation', '/setup'];

/** The token of a mailed link: in the fragment (never sent to servers or in Referer headers), else the query. */
function linkToken(search: URLSearchParams): string {
  return new URLSearchParams(window.location.hash.slice(1)).get('token') ?? search.get('token') ?? '';
}

/** The dashboard: signed-out screens, or the navigation shell with the current screen. */
export function App() {
  const { path, search } = useLocation();
  if (SITE === null) {
    return (
      <SignedOutFrame>
        <SiteSwitcherScreen />
      </SignedOutFrame>
    );
  }
  return <SiteApp path={path} search={search} />;
}

/** The dashboard of one site: signed-out screens, or the navigation shell with the current screen. */
function SiteApp({ path, search }: { readonly path: string; readonly search: URLSearchParams }) {
  const session = useSession();

  if (PUBLIC_PATHS.includes(path)) {
    return (
      <SignedOutFrame>
        <Suspense fallback={<Loading />}>
          {path === '/login' && <LoginScreen />}
          {path === '/forgot-password' && <ForgotPasswordScreen />}
          {path === '/reset-password' && <ChoosePasswordScreen purpose="reset" token={linkToken(search)} />}
          {path === '/accept-invitation' && <ChoosePasswordScreen purpose="invitation" token={linkToken(search)} />}
          {path === '/setup' && <FirstOwnerScreen token={linkToken(search)} />}
        </Suspense>
      </SignedOutFrame>
    );
  }
  if (session.status === 'loading') {
    return (
      <SignedOutFrame>
        <Loading />
      </SignedOutFrame>
    );
  }
  if (session.status === 'error') {
    return (
      <SignedOutFrame>
        <p role="alert">{errorMessage(session.error)}</p>
      </SignedOutFrame>
    );
  }
  const owner = session.data?.owner ?? null;
  if (!owner) {
    queueMicrotask(() => navigate(`/login?next=${encodeURIComponent(path)}`, { replace: true }));
    return null;
  }
  if (owner.mustChangePassword) {
    return (
      <SignedOutFrame>
        <Suspense fallback={<Loading />}>
          <ChangePasswordScreen required />
        </Suspense>
      </SignedOutFrame>
    );
  }
  return (
    <Shell owner={owner} site={siteOfSession(session.data)} path={path}>
      <Suspense fallback={<Loading />}>{screenFor(path)}</Suspense>
    </Shell>
  );
}

function screenFor(path: string) {
  const screen = NAV_SCREENS.find((candidate) => candidate.path === path);
  if (screen) return <screen.component />;
  const form = matchPath('/forms/:formId', path);
  if (form) return <FormScreen key={form.formId} formId={form.formId!} />;
  const order = matchPath('/orders/:orderId', path);
  if (order) return <OrderScreen key={order.orderId} orderId={order.orderId!} />;
  const customer = matchPath('/customers/:siteUserId', path);
  if (customer) return <CustomerScreen key={customer.siteUserId} siteUserId={customer.siteUserId!} />;
  if (path === '/products/new') return <ProductEditorScreen key="new" />;
  const product = matchPath('/products/:productId', path);
  if (product) return <ProductEditorScreen key={product.productId} productId={product.productId!} />;
  const newItem = matchPath('/posts/:collectionId/new', path);
  if (newItem) return <ItemEditorScreen key={`${newItem.collectionId}/new`} collectionId={newItem.collectionId!} />;
  const item = matchPath('/posts/:collectionId/:itemId', path);
  if (item) return <ItemEditorScreen key={item.itemId} collectionId={item.collectionId!} itemId={item.itemId!} />;
  if (path === '/account') return <ChangePasswordScreen />;
  return <NotFound />;
}
