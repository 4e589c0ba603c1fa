import { ActionIcon, Button, CopyButton, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { formatNaira } from '../../../../domain/format';
import type { Wallet } from '../../../../domain/schemas/wallet';
import classes from './wallet-card.module.css';

const iconProps = {
  width: 18,
  height: 18,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

const CopyIcon = () => (
  <svg {...iconProps} aria-hidden="true">
    <rect x="8" y="8" width="12" height="12" rx="2" />
    <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
  </svg>
);

const CheckIcon = () => (
  <svg {...iconProps} aria-hidden="true">
    <path d="M5 12l5 5L20 7" />
  </svg>
);

function CopyValue({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : `Copy ${label}`} withArrow position="left">
          <ActionIcon
            variant="white"
            color="brand"
            radius="xl"
            size="lg"
            onClick={copy}
            aria-label={copied ? `${label} copied` : `Copy ${label}`}
          >
            {copied ? <CheckIcon /> : <CopyIcon />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" className={classes.label}>
        {label}
      </Text>
      <Text fw={600} className={classes.value}>
        {value}
      </Text>
    </div>
  );
}

/** The wallet card: balance, and either the wallet number or the bank details to transfer into. */
export function WalletCard({ wallet }: { wallet: Wallet }) {
  const [showBank, setShowBank] = useState(false);
  const { virtualAccount: account } = wallet;
  return (
    <Paper radius="lg" p="lg" className={classes.card} aria-label="Wallet card" component="section">
      <Stack gap="md">
        <Text size="sm" fw={500} className={classes.holder}>
          {wallet.client.firstname} {wallet.client.lastname}
        </Text>
        <div>
          <Text size="sm" className={classes.label}>
            Balance
          </Text>
          <Text fz={{ base: 28, sm: 34 }} fw={700} lh={1.2} data-testid="wallet-balance">
            {formatNaira(wallet.balance)}
          </Text>
        </div>

        {showBank ? (
          <Stack gap="xs" aria-label="Bank details">
            <Field label="Bank name" value={account.bankName} />
            <Group justify="space-between" wrap="nowrap">
              <Field label="Account number" value={account.accountNumber} />
              <CopyValue value={account.accountNumber} label="account number" />
            </Group>
            <Field label="Account name" value={account.accountName} />
          </Stack>
        ) : (
          <Group justify="space-between" wrap="nowrap">
            <Field label="Wallet number" value={wallet.walletNumber} />
            <CopyValue value={wallet.walletNumber} label="wallet number" />
          </Group>
        )}

        <Button
          variant="white"
          color="brand"
          size="xs"
          radius="xl"
          className={classes.toggle}
          onClick={() => setShowBank((v) => !v)}
          aria-pressed={showBank}
        >
          {showBank ? 'Show wallet number' : 'Show bank details'}
        </Button>
      </Stack>
    </Paper>
  );
}
