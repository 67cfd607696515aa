import type { ComponentType } from 'react';
import type { IslandName } from '../islands/index.js';

type Loader = () => Promise<ComponentType<Record<string, unknown>>>;

/** Lazy loaders per island, so each page downloads only the islands it shows. */
export const ISLAND_LOADERS: Readonly<Record<IslandName, Loader>> = Object.freeze({
  AddToCartButton: () => import('../islands/AddToCartButton.js').then((m) => m.AddToCartButton as never),
  CartPage: () => import('../islands/CartPage.js').then((m) => m.CartPage as never),
  CartPill: () => import('../islands/CartPill.js').then((m) => m.CartPill as never),
  Checkout: () => import('../islands/Checkout.js').then((m) => m.Checkout as never),
  FormBlock: () => import('../islands/FormBlock.js').then((m) => m.FormBlock as never),
  InstallmentPill: () => import('../islands/InstallmentPill.js').then((m) => m.InstallmentPill as never),
  ProductForm: () => import('../islands/ProductForm.js').then((m) => m.ProductForm as never),
  ProductQuickView: () => import('../islands/ProductQuickView.js').then((m) => m.ProductQuickView as never),
  QuickView: () => import('../islands/QuickView.js').then((m) => m.QuickView as never),
  RestockSignup: () => import('../islands/RestockSignup.js').then((m) => m.RestockSignup as never),
  Comments: () => import('../islands/Comments.js').then((m) => m.Comments as never),
  Gallery: () => import('../islands/Gallery.js').then((m) => m.Gallery as never),
  LikeButton: () => import('../islands/LikeButton.js').then((m) => m.LikeButton as never),
  Lightbox: () => import('../islands/Lightbox.js').then((m) => m.Lightbox as never),
  Reviews: () => import('../islands/Reviews.js').then((m) => m.Reviews as never),
  ShareButtons: () => import('../islands/ShareButtons.js').then((m) => m.ShareButtons as never),
  PopupOverlay: () => import('../islands/PopupOverlay.js').then((m) => m.PopupOverlay as never),
  OrderReceived: () => import('../islands/OrderReceived.js').then((m) => m.OrderReceived as never),
  DonationForm: () => import('../islands/DonationForm.js').then((m) => m.DonationForm as never),
  JoinPayment: () => import('../islands/JoinPayment.js').then((m) => m.JoinPayment as never),
});
