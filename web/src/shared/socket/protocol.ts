/**
 * The live socket's messages, as the server defines them (`onyx-socket`,
 * published as the `Socket*` schemas of the API document and generated
 * into `schema.d.ts`). Nothing here is written by hand but the ORDER
 * message, whose data is the API's `SpotOrder`, and the product lines
 * whose messages are still to come.
 */
import type { components } from '@/shared/api/schema';

type Schemas = components['schemas'];

/** What the client sends: subscribe or unsubscribe. */
export type ClientMessage = Schemas['SocketClientMessage'];

/** Every server message but ORDER. */
export type ServerMessage = Schemas['SocketServerMessage'];

export type DetailMessage = Schemas['SocketDetail'];
export type KlineMessage = Schemas['SocketKline'];
export type TradeMessage = Schemas['SocketTrade'];
export type DepthMessage = Schemas['SocketDepth'];

/** `{"type":"ORDER","data":SpotOrder}`. */
export interface OrderMessage {
  type: 'ORDER';
  data: Schemas['SpotOrderView'];
}

/** `{"type":"FUTURES","data":{event, id, coin}}`: the futures sweep liquidated a position (`liquidated`, the position's id), triggered a stop (`triggered`), or filled or cancelled an order (`filled`, `cancelled`) of the subscribed user. */
export interface FuturesMessage {
  type: 'FUTURES';
  data: { event: 'liquidated' | 'triggered' | 'filled' | 'cancelled'; id: number; coin: string };
}

/** Message types of product lines not served yet (futures, second contracts). */
export type PlannedMessageType = 'SETTLEMENT' | 'POSITION' | 'USER_STATUS' | 'OWNCOIN';

export type MessageType = ServerMessage['type'] | OrderMessage['type'] | FuturesMessage['type'] | PlannedMessageType;
