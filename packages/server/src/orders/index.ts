/** Orders as pages read them (order confirmed 202, order status 211). */
export { loadOrderForPage, type OrderJson, type OrderItemJson } from './order-json.js';
