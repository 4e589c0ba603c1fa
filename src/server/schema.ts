// Every table of every module, by name: drizzle-kit reads it (drizzle.config.ts) and whoever opens
// the database hands it to the db client. It sits above the modules, beside app.ts: db/ is below them.
export * from './modules/app/tables';
export * from './modules/audit/tables';
export * from './modules/auth/tables';
export * from './modules/centers/tables';
export * from './modules/client/tables';
export * from './modules/cylinder/tables';
export * from './modules/delivery/tables';
export * from './modules/leads/tables';
export * from './modules/notification/tables';
export * from './modules/order/tables';
export * from './modules/payment/tables';
export * from './modules/pickup/tables';
export * from './modules/product/tables';
export * from './modules/quota/tables';
export * from './modules/sell/tables';
export * from './modules/shift/tables';
export * from './modules/sms-budget/tables';
export * from './modules/staff/tables';
export * from './modules/supplier/tables';
export * from './modules/supply/tables';
export * from './modules/wallet/tables';
