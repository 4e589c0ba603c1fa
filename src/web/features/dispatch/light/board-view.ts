// The dispatch board's first view as markup (board-light.ts drives it): the markup, Mantine classes
// and card classes the app's board (components/dispatch-board-screen.tsx) renders, so that when the
// app takes the page over and draws its board in the same place, nothing moves. The board's page
// carries the rules of the Mantine classes (scripts/prerender.mjs, from boardSampleHtml) and the
// cards' own stylesheet comes with this code.
import { DeliveryStatus } from '../../../../domain/enums';
import { formatOrderLine } from '../../../../domain/format';
import type { Center } from '../../../../domain/schemas/center';
import type { DispatchBoard, DispatchDelivery, Rider } from '../../../../domain/schemas/delivery';
import { esc } from '../../../components/first-view/html';
import { group, SELECT_CHEVRON, sizedText, stack, text, title } from '../../../components/first-view/mantine-html';
import { deliveryStatusTone, toneCssColor } from '../../../components/status-tones';
import { formatTime } from '../../../lib/lagos-time';
import s from '../components/board-card.module.css';
import * as model from '../lib/board-model';
import { mapLink, sinceText, staffStepLabel, telLink } from '../lib/delivery-words';

const DIMMED = 'color: var(--mantine-color-dimmed);';

/** A closed board field (components/board-select.tsx's look-alike): the app's Select once opened. */
function fieldHtml(id: string, width: 'rider' | 'vehicle' | 'problem', label: string, value: string, placeholder = '') {
  return `<div class="${s.field} ${s[width]}"><label class="${s.label}" for="${id}">${esc(label)}</label><div class="${s.box}"><input id="${id}" class="${s.input}"${
    placeholder ? ` placeholder="${esc(placeholder)}"` : ''
  } readonly="" role="combobox" aria-haspopup="listbox" aria-expanded="false" autocomplete="off" value="${esc(value)}"></div></div>`;
}

/** A board button (components/board-button.tsx) as it starts: not loading. */
const buttonHtml = (label: string, variant: 'filled' | 'red' | 'light' | 'default', disabled = false) =>
  `<button type="button" class="${variant === 'filled' ? s.button : `${s.button} ${s[variant]}`}"${
    disabled ? ' disabled="" data-disabled="true"' : ''
  }>${esc(label)}</button>`;

/** A card's choices and buttons, as they start (nothing chosen yet). */
function controlsHtml(delivery: DispatchDelivery, riders: readonly Rider[]): string {
  const id = (what: string) => `board-${esc(delivery.id)}-${what}`;
  const row = (body: string) => `<div class="${s.controls}"><div class="${s.row}">${body}</div></div>`;
  const assign = model.assignChoices(delivery, riders);
  const moves = model.moveChoices(delivery);
  return `${
    assign
      ? row(
          `${fieldHtml(
            id('rider'),
            'rider',
            assign.reassign ? 'Another rider' : 'Rider',
            '',
            assign.choices.length ? 'Choose a rider' : 'No other Delivery Person',
          )}${fieldHtml(id('vehicle'), 'vehicle', 'Vehicle', delivery.vehicle ?? 'Bike')}${buttonHtml(
            assign.reassign ? 'Reassign' : 'Assign',
            'filled',
            true,
          )}`,
        )
      : ''
  }${
    moves
      ? row(
          `${
            moves.problems.length
              ? `${fieldHtml(id('problem'), 'problem', 'Problem', '', 'Choose the problem')}${buttonHtml('Mark problem', 'red', true)}`
              : ''
          }${moves.taps
            .map((to) =>
              buttonHtml(model.tapLabel(delivery, to) ?? '', to === DeliveryStatus.Cancelled ? 'default' : 'light'),
            )
            .join('')}`,
        )
      : ''
  }`;
}

/** Who, where and what of a delivery (components/delivery-facts.tsx). */
function factsHtml(delivery: DispatchDelivery, now: number): string {
  const { address } = delivery;
  return `<div class="${s.facts}"><div class="${s.head}"><p class="${s.number}">${esc(delivery.orderNumber)}</p><div class="${s.state}"><span class="${s.badge}" style="--badge-bg: ${toneCssColor(
    deliveryStatusTone[delivery.status],
  )};">${esc(staffStepLabel(delivery.status, delivery.items))}</span><p class="${s.sm} ${s.dimmed}" aria-label="In this state since ${esc(
    formatTime(delivery.statusChangedAt),
  )}">${esc(sinceText(delivery.statusChangedAt, now))}</p></div></div><p class="${s.sm}">${esc(delivery.clientName)} · <a class="${s.link}" href="${esc(
    telLink(delivery.clientPhone),
  )}" aria-label="Call ${esc(delivery.clientName)} on ${esc(delivery.clientPhone)}">${esc(delivery.clientPhone)}</a></p><p class="${s.sm}">${esc(
    `${address.line1}, ${address.city}${address.note ? ` (${address.note})` : ''}`,
  )} · <a class="${s.link}" href="${esc(mapLink(address))}" target="_blank" rel="noopener noreferrer">Map</a></p><p class="${s.sm} ${s.dimmed}">${esc(
    `${delivery.items.map((i) => formatOrderLine(i)).join(', ')}${delivery.type === 'DoubleWay' ? ' · collect the empty cylinder first' : ''}`,
  )}</p>${delivery.note ? `<p class="${s.sm}">Note: ${esc(delivery.note)}</p>` : ''}</div>`;
}

type CardOptions = { now: number; showCenter: boolean; later: boolean; withControls: boolean };

/** A delivery's card (the board's DeliveryCard). */
function cardHtml(delivery: DispatchDelivery, riders: readonly Rider[], o: CardOptions): string {
  const rider = model.riderLine(delivery);
  return `<article class="${o.later ? `${s.card} ${s.later}` : s.card}" aria-label="Delivery ${esc(delivery.orderNumber)}">${factsHtml(
    delivery,
    o.now,
  )}${o.showCenter && delivery.centerName ? `<p class="${s.sm}">From ${esc(delivery.centerName)}</p>` : ''}${
    rider ? `<p class="${s.sm}">Rider: <strong>${esc(rider.name)}</strong>${esc(rider.after)}</p>` : ''
  }${o.withControls ? controlsHtml(delivery, riders) : ''}</article>`;
}

/** A lane: its heading and count, then its cards or why there are none. */
function laneHtml(lane: model.Lane, riders: readonly Rider[], controlsFor: number, now: number, showCenter: boolean) {
  const id = model.laneId(lane.title);
  const count = `<div class="m_347db0ec mantine-Badge-root" data-variant="filled" aria-label="${lane.list.length} deliveries" style="--badge-bg: var(--mantine-color-gray-7); --badge-color: var(--mantine-color-white); --badge-bd: calc(0.0625rem * var(--mantine-scale)) solid transparent;"><span class="m_5add502a mantine-Badge-label">${lane.list.length}</span></div>`;
  const body =
    lane.list.length === 0
      ? text(esc(lane.empty), DIMMED)
      : `<div class="${s.grid}">${lane.list
          .map((d, i) =>
            cardHtml(d, riders, { now, showCenter, later: i >= model.FIRST_SCREENFUL, withControls: i < controlsFor }),
          )
          .join('')}</div>`;
  return `<section class="m_6d731127 mantine-Stack-root" aria-labelledby="${id}" style="--stack-gap: var(--mantine-spacing-sm); --stack-align: stretch; --stack-justify: flex-start;">${group(
    'var(--mantine-spacing-xs)',
    'center',
    'flex-start',
    'wrap',
    `${title(2, esc(lane.title), 'h3', id)}${count}`,
  )}${body}</section>`;
}

/** The choice of another center's board (CEO, Manager), closed: the app's Select once opened. */
function centerChoiceHtml(centers: readonly Center[], value: string | null): string {
  const label = value === model.ALL_CENTERS ? 'All centers' : (centers.find((c) => c.id === value)?.name ?? '');
  return `<style>.board-light-center{width:100%;}@media(min-width: 36em){.board-light-center{width:calc(15rem * var(--mantine-scale));}}</style><div class="m_46b77525 mantine-InputWrapper-root mantine-Select-root board-light-center" data-size="md"><label class="m_8fdc1311 mantine-InputWrapper-label mantine-Select-label" data-size="md" for="board-center" id="board-center-label" style="--input-label-size: var(--mantine-font-size-md);">Gas center</label><div class="m_6c018570 mantine-Input-wrapper mantine-Select-wrapper" data-variant="default" data-size="md" data-pointer="true" data-with-right-section="true" style="--input-height: var(--input-height-md); --input-fz: var(--mantine-font-size-md); --input-right-section-pointer-events: none;"><input class="m_8fb7ebe7 mantine-Input-input mantine-Select-input" data-variant="default" readonly="" role="combobox" aria-haspopup="listbox" aria-expanded="false" autocomplete="off" id="board-center" value="${esc(
    label,
  )}"><div data-position="right" class="m_82577fc2 mantine-Input-section mantine-Select-section">${SELECT_CHEVRON}</div></div></div>`;
}

export type BoardPage = {
  board: DispatchBoard;
  /** The gas centers, which name the board (none when they could not be read). */
  centers: readonly Center[];
  /** When the board was read (its "updated" time). */
  updatedAt: number;
};

/**
 * The board as the app draws it at first: its heading and center, the riders' line, the three
 * lanes with every card, the first screenful's cards with their controls (the app draws the
 * others' while the tablet is idle).
 */
export function boardHtml({ board, centers, updatedAt }: BoardPage, now: number): string {
  const every = board.centerId === null;
  const boardCenter = centers.find((c) => c.id === board.centerId);
  const center =
    board.mayChooseCenter && centers.length > 1
      ? centerChoiceHtml(centers, every ? model.ALL_CENTERS : (board.centerId ?? null))
      : boardCenter && centers.length > 1
        ? text(esc(boardCenter.name))
        : '';
  const header = group(
    'var(--mantine-spacing-md)',
    'flex-end',
    'space-between',
    'wrap',
    `${stack('calc(0.25rem * var(--mantine-scale))', `${title(1, 'Dispatch')}${center}`)}${sizedText(
      'sm',
      esc(model.ridersSummary(board.riders, updatedAt)),
      ` ${DIMMED}`,
    )}`,
  );
  const lanes = model.boardLanes(board.deliveries);
  const controls = model.controlsPerLane(model.FIRST_SCREENFUL, lanes);
  return stack(
    'var(--mantine-spacing-lg)',
    `${header}${lanes
      .map((lane, i) => laneHtml(lane, board.riders, controls[i] ?? 0, now, every))
      .join('')}${sizedText('xs', esc(model.BOARD_NOTE), ` ${DIMMED}`)}`,
    ' data-board-view',
  );
}

/**
 * The board drawn with sample deliveries in every state its view can show (a center's choice, a
 * delivery waiting, one on the road with its problem choice, an empty lane): the build keeps, of
 * the app's stylesheets, the rules this markup uses, inline in the board's page
 * (scripts/prerender.mjs), so the view is styled with no stylesheet of Mantine's to wait for.
 */
export function boardSampleHtml(): string {
  const at = '2026-01-01T08:00:00.000Z';
  const delivery = (id: string, status: DeliveryStatus): DispatchDelivery =>
    ({
      id,
      orderId: id,
      orderNumber: id,
      clientId: id,
      status,
      type: 'oneWay',
      address: { line1: id, city: id, state: id },
      carrierClientId: null,
      carrierName: null,
      vehicle: null,
      note: null,
      statusChangedAt: at,
      clientName: id,
      clientPhone: id,
      orderTotal: 0,
      orderStatus: 'Paid',
      items: [],
      steps: [],
    }) as unknown as DispatchDelivery;
  const board: DispatchBoard = {
    deliveries: [delivery('waiting', DeliveryStatus.Pending), delivery('road', DeliveryStatus.InTransit)],
    riders: [],
    centerId: 'one',
    mayChooseCenter: true,
  };
  const centers = [
    { id: 'one', name: 'one' },
    { id: 'two', name: 'two' },
  ] as Center[];
  return boardHtml({ board, centers, updatedAt: Date.parse(at) }, Date.parse(at));
}
