import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A screen of the navigation: its link text (also its heading), path and code chunk. */
export interface NavScreen {
  readonly name: string;
  readonly path: string;
  readonly component: LazyExoticComponent<ComponentType>;
  /** The permission the screen's calls need; roles without it do not see the entry. */
  readonly needs?: string;
}

/** The navigation, in order (issue 12): the Overview at the dashboard's start (#24) first, Analytics last. */
export const NAV_SCREENS: readonly NavScreen[] = [
  { name: 'Overview', path: '/', component: lazy(() => import('../screens/overview/OverviewScreen.js')) },
  { name: 'Pages', path: '/pages', component: lazy(() => import('../screens/pages/PagesScreen.js')) },
  { name: 'Posts', path: '/posts', component: lazy(() => import('../screens/posts/ItemsScreen.js')) },
  { name: 'Editor', path: '/editor', component: lazy(() => import('../screens/editor/EditorScreen.js')) },
  { name: 'Products', path: '/products', component: lazy(() => import('../screens/products/ProductsScreen.js')) },
  { name: 'Orders', path: '/orders', component: lazy(() => import('../screens/orders/OrdersScreen.js')) },
  { name: 'Subscriptions', path: '/subscriptions', component: lazy(() => import('../screens/subscriptions/SubscriptionsScreen.js')) },
  { name: 'Customers', path: '/customers', needs: 'customers:read', component: lazy(() => import('../screens/customers/CustomersScreen.js')) },
  { name: 'Member areas', path: '/member-areas', needs: 'members:read', component: lazy(() => import('../screens/member-areas/MemberAreasScreen.js')) },
  { name: 'Courses', path: '/courses', component: lazy(() => import('../screens/courses/CoursesScreen.js')) },
  { name: 'Inventory', path: '/inventory', component: lazy(() => import('../screens/inventory/InventoryScreen.js')) },
  { name: 'Discounts', path: '/discounts', component: lazy(() => import('../screens/store/DiscountsScreen.js')) },
  { name: 'Shipping', path: '/shipping', component: lazy(() => import('../screens/store/ShippingScreen.js')) },
  { name: 'Taxes', path: '/taxes', component: lazy(() => import('../screens/store/TaxesScreen.js')) },
  { name: 'Forms', path: '/forms', component: lazy(() => import('../screens/forms/FormsScreen.js')) },
  { name: 'Restock', path: '/restock', component: lazy(() => import('../screens/restock/RestockScreen.js')) },
  { name: 'Comments', path: '/comments', component: lazy(() => import('../screens/moderation/CommentsScreen.js')) },
  { name: 'Reviews', path: '/reviews', component: lazy(() => import('../screens/moderation/ReviewsScreen.js')) },
  { name: 'Files', path: '/files', component: lazy(() => import('../screens/files/FilesScreen.js')) },
  { name: 'Design', path: '/design', component: lazy(() => import('../screens/design/DesignScreen.js')) },
  { name: 'Navigation', path: '/navigation', component: lazy(() => import('../screens/navigation/NavigationScreen.js')) },
  { name: 'Header & footer', path: '/header-footer', component: lazy(() => import('../screens/header-footer/HeaderFooterScreen.js')) },
  { name: 'Languages', path: '/languages', component: lazy(() => import('../screens/languages/LanguagesScreen.js')) },
  { name: 'Translations', path: '/translations', component: lazy(() => import('../screens/translations/TranslationsScreen.js')) },
  { name: 'Settings', path: '/settings', component: lazy(() => import('../screens/settings/SettingsScreen.js')) },
  { name: 'Analytics', path: '/analytics', component: lazy(() => import('../screens/analytics/AnalyticsScreen.js')) },
];

/** Screens reached from other screens: a form's submissions and settings, one order. */
export const FormScreen = lazy(() => import('../screens/forms/FormScreen.js'));
export const OrderScreen = lazy(() => import('../screens/orders/OrderScreen.js'));
export const CustomerScreen = lazy(() => import('../screens/customers/CustomerScreen.js'));
export const ProductEditorScreen = lazy(() => import('../screens/products/ProductEditorScreen.js'));
export const ItemEditorScreen = lazy(() => import('../screens/posts/ItemEditorScreen.js'));

/** Screens of owners who are not signed in. */
export const LoginScreen = lazy(() => import('../screens/account/LoginScreen.js'));
export const ForgotPasswordScreen = lazy(() => import('../screens/account/ForgotPasswordScreen.js'));
export const ChoosePasswordScreen = lazy(() => import('../screens/account/ChoosePasswordScreen.js'));
export const FirstOwnerScreen = lazy(() => import('../screens/account/FirstOwnerScreen.js'));
export const ChangePasswordScreen = lazy(() => import('../screens/account/ChangePasswordScreen.js'));
