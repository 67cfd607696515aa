import type { ComponentType } from 'react';
import { AddToCartButton } from './AddToCartButton.js';
import { CartPage } from './CartPage.js';
import { CartPill } from './CartPill.js';
import { Checkout } from './Checkout.js';
import { FormBlock } from './FormBlock.js';
import { InstallmentPill } from './InstallmentPill.js';
import { ProductForm } from './ProductForm.js';
import { ProductQuickView } from './ProductQuickView.js';
import { QuickView } from './QuickView.js';
import { RestockSignup } from './RestockSignup.js';
import { Comments } from './Comments.js';
import { Gallery } from './Gallery.js';
import { LikeButton } from './LikeButton.js';
import { Lightbox } from './Lightbox.js';
import { Reviews } from './Reviews.js';
import { ShareButtons } from './ShareButtons.js';
import { PopupOverlay } from './PopupOverlay.js';
import { OrderReceived } from './OrderReceived.js';
import { DonationForm } from './DonationForm.js';
import { JoinPayment } from './JoinPayment.js';

export type { AddToCartButtonProps } from './AddToCartButton.js';
export type { CartPageProps } from './CartPage.js';
export type { CartPillProps } from './CartPill.js';
export type { CheckoutProps } from './Checkout.js';
export type { FormBlockProps } from './FormBlock.js';
export type { InstallmentPillProps } from './InstallmentPill.js';
export type { ProductFormProps } from './ProductForm.js';
export type { ProductQuickViewProps } from './ProductQuickView.js';
export type { QuickViewProps } from './QuickView.js';
export type { RestockSignupProps } from './RestockSignup.js';
export type { CommentsProps } from './Comments.js';
export type { GalleryProps } from './Gallery.js';
export type { LikeButtonProps } from './LikeButton.js';
export type { LightboxProps } from './Lightbox.js';
export type { ReviewsProps } from './Reviews.js';
export type { ShareButtonsProps } from './ShareButtons.js';
export type { PopupOverlayProps } from './PopupOverlay.js';
export type { OrderReceivedProps } from './OrderReceived.js';
export type { DonationFormProps } from './DonationForm.js';
export type { JoinPaymentProps } from './JoinPayment.js';

/** Every island by the name used in `data-island`. */
export const ISLANDS = Object.freeze({
  AddToCartButton,
  CartPage,
  CartPill,
  Checkout,
  FormBlock,
  InstallmentPill,
  ProductForm,
  ProductQuickView,
  QuickView,
  RestockSignup,
  Comments,
  Gallery,
  LikeButton,
  Lightbox,
  Reviews,
  ShareButtons,
  PopupOverlay,
  OrderReceived,
  DonationForm,
  JoinPayment,
}) satisfies Readonly<Record<string, ComponentType<never>>>;

/** The name of an island. */
export type IslandName = keyof typeof ISLANDS;

/** Island names in a stable order. */
export const ISLAND_NAMES = Object.freeze(Object.keys(ISLANDS) as IslandName[]);

/** True when `name` names an island. */
export function isIslandName(name: string): name is IslandName {
  return Object.prototype.hasOwnProperty.call(ISLANDS, name);
}
