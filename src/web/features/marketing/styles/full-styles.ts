// Every Mantine core stylesheet, for the screens outside the public site (loaded on demand by
// main.tsx). The date pickers' and the charts' sheets are staff-only: the dashboard routes that
// use them import them, so they travel with the staff code and no client downloads them.
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import './touch-targets.css';
