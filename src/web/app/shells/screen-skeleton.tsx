import { Container, Paper, Title, VisuallyHidden } from '@mantine/core';
import type { AppShell, ShellLayout } from './app-shells';
import classes from './screen-skeleton.module.css';

// The blocks never reorder: a stable name per position is all React needs.
const lines = (count: number, className: string | undefined) =>
  Array.from({ length: count }, (_, i) => `block-${i}`).map((key) => <span key={key} className={className} />);

function Outline({ layout }: { layout: Exclude<ShellLayout, 'form'> }) {
  switch (layout) {
    case 'grid':
      return <div className={classes.grid}>{lines(4, classes.card)}</div>;
    case 'list':
      return <>{lines(5, classes.row)}</>;
    case 'panel':
      return (
        <>
          {lines(1, classes.panel)}
          {lines(3, classes.row)}
        </>
      );
    default:
      return (
        <>
          {lines(3, classes.line)}
          {lines(2, classes.panel)}
        </>
      );
  }
}

const Busy = () => (
  <VisuallyHidden role="status" aria-live="polite">
    Loading
  </VisuallyHidden>
);

/**
 * What a screen shows before its code and data are in: its title and grey blocks where its content
 * will be. The build prerenders it into each app screen's HTML (scripts/prerender.mjs), and the app
 * shows the same while it checks the sign-in, so taking over the page changes nothing on screen.
 * It says nothing about who is signed in: that is only known once the check has answered.
 */
export function ScreenSkeleton({ shell }: { shell: AppShell }) {
  if (shell.layout === 'dashboard') return <DashboardSkeleton title={shell.title} />;
  if (shell.layout === 'form') {
    return (
      <Container size={shell.size} py={{ base: 'lg', sm: 48 }} px="md" aria-busy="true">
        <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md" w="100%" maw={440} mx="auto">
          <Title order={1} fz={{ base: 26, sm: 30 }}>
            {shell.title}
          </Title>
          {lines(1, classes.line)}
          <span className={classes.label} />
          <span className={classes.field} />
          <span className={classes.button} />
        </Paper>
        <Busy />
      </Container>
    );
  }
  return (
    <Container size={shell.size} py="lg" aria-busy="true">
      <Title order={1} fz={shell.layout === 'grid' || shell.layout === 'detail' ? { base: 'h2', sm: 'h1' } : undefined}>
        {shell.title}
      </Title>
      <Outline layout={shell.layout} />
      <Busy />
    </Container>
  );
}

/** The dashboard's frame while the staff session and the shift are checked. */
export function DashboardSkeleton({ title }: { title: string }) {
  return (
    <div aria-busy="true">
      <div className={classes.dashHeader}>
        <span className={classes.dashBrand}>Arrive</span>
      </div>
      <div className={classes.dashNav}>{lines(6, classes.line)}</div>
      <div className={classes.dashMain}>
        <Title order={1}>{title}</Title>
        <DashboardRows />
      </div>
    </div>
  );
}

/** The rows under a dashboard screen's title while its content is on its way. */
export function DashboardRows() {
  return (
    <>
      {lines(3, classes.row)}
      <Busy />
    </>
  );
}
