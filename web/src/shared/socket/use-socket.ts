import { useEffect, useRef } from 'react';
import { marketSocket, type Listener, type MessageType, type StreamType } from './socket-client';

/** Hold a ref-counted subscription while the component is mounted (null = none). */
export function useSocketSubscription(type: StreamType | null, symbol?: string, interval?: string, token?: string): void {
  useEffect(() => {
    if (!type) return;
    return marketSocket().subscribe({ type, ...(symbol ? { symbol: symbol.toLowerCase() } : {}), ...(interval ? { interval } : {}), ...(token ? { token } : {}) });
  }, [type, symbol, interval, token]);
}

/** Listen to one message type; the latest callback is always used. */
export function useSocketListener(type: MessageType, listener: Listener): void {
  const ref = useRef(listener);
  ref.current = listener;
  useEffect(() => marketSocket().on(type, (m) => ref.current(m)), [type]);
}
