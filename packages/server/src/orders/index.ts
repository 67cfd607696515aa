/** Orders: as pages read them (order confirmed 202, order status 211) and the owner's order desk under /api/owner/orders. */
export { loadOrderForPage, type OrderJson, type OrderItemJson } from './order-json.js';
export { registerOrderRoutes, OWNER_ORDERS_PATH, type OrderRouteOptions } from './routes.js';
export { ORDER_STATUSES, OrderMessages, ORDER_NOT_FOUND_MESSAGE, type OrderStatus } from './order-messages.js';
