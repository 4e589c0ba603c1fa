import { Anchor, Box, Burger, Container, Group, Menu, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router';
import { useAuth } from '../../features/auth/api/get-auth';
import { useLogout } from '../../features/auth/api/logout';
import { useHideOnScroll } from '../../hooks/use-hide-on-scroll';
import { paths } from '../../lib/paths';
import classes from './site-header.module.css';

/** The navigation bar of SPEC §2: visitor, signed-in and staff menus; hides while scrolling down. */
export function SiteHeader() {
  const hidden = useHideOnScroll();
  const { isLogin, isStaff } = useAuth();
  const [opened, { toggle, close }] = useDisclosure(false);
  const logout = useLogout();

  const topLinks = isLogin
    ? [{ label: 'Products', to: paths.products.getHref() }]
    : [
        { label: 'Driver', to: paths.driverInfo.getHref() },
        { label: 'About us', to: paths.about.getHref() },
      ];
  const menuItems = isLogin
    ? [
        { label: 'Wallet', to: paths.wallet.getHref() },
        { label: 'Order history', to: paths.orderHistory.getHref() },
        { label: 'Pickup', to: paths.pickup.getHref() },
        { label: 'Profile', to: paths.profile.getHref() },
        { label: 'Setting', to: paths.settings.getHref() },
        ...(isStaff ? [{ label: 'Dashboard', to: paths.dashboard.root.getHref() }] : []),
      ]
    : [
        { label: 'Riders', to: paths.rider.getHref() },
        { label: 'About', to: paths.about.getHref() },
        { label: 'Login', to: paths.login.getHref() },
        { label: 'Signup', to: paths.signup.getHref() },
      ];

  return (
    <Box component="header" className={classes.header} data-hidden={hidden || undefined}>
      <Container size="lg" className={classes.inner}>
        <Anchor
          component={Link}
          to={paths.home.getHref()}
          className={classes.logo}
          underline="never"
          aria-label="Arrive home"
        >
          <img src="/icons/icon-192.png" alt="" width={28} height={28} />
          <Text component="span" fw={800} fz="lg" c="brand.7">
            Arrive
          </Text>
        </Anchor>
        <Group gap="md" component="nav" aria-label="Main">
          {topLinks.map((l) => (
            <Anchor key={l.to} component={Link} to={l.to} c="dark.6" fw={600} className={classes.topLink}>
              {l.label}
            </Anchor>
          ))}
          <Menu
            opened={opened}
            onChange={(o) => (o ? undefined : close())}
            position="bottom-end"
            width={200}
            shadow="md"
          >
            <Menu.Target>
              <Burger opened={opened} onClick={toggle} aria-label={opened ? 'Close menu' : 'Open menu'} size="sm" />
            </Menu.Target>
            <Menu.Dropdown>
              {menuItems.map((item) => (
                <Menu.Item key={item.to} component={Link} to={item.to}>
                  {item.label}
                </Menu.Item>
              ))}
              {isLogin && (
                <Menu.Item color="red" onClick={() => logout.mutate()}>
                  Logout
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Container>
    </Box>
  );
}
