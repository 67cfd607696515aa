/** The owner's inventory: stock per variant with its history, guarded changes, low stock, CSV export and import. */
export { registerInventoryRoutes, DEFAULT_LOW_STOCK_THRESHOLD } from './routes.js';
export { STOCK_PATH } from './stock-routes.js';
export { recordStockMovements, INVENTORY_MESSAGES, type StockMovementInput, type StockActor } from './stock-repository.js';
export { IMPORT_MESSAGES, STOCK_CSV_HEADER } from './stock-csv.js';
