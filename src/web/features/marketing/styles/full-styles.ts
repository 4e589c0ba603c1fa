// Every Mantine stylesheet, for the screens outside the public site (loaded on demand by main.tsx).
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import '@mantine/dates/styles.layer.css';
import '@mantine/charts/styles.layer.css';
import './touch-targets.css';
