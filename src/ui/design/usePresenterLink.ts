import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import type { Slide } from '../../design';
import { canLinkWindows, isPresenterMessage, presenterChannelName, presenterUrl, type PresenterMessage } from './presenterChannel';

/**
 * The presentation's side of Presenter view: it sends its deck and slide to
 * the presenter window on every change (and when one says hello), moves
 * where the presenter window asks (`go`), and says when it ends. `open`
 * opens the presenter window; `problem` says why it couldn't.
 */
export function usePresenterLink(
  key: string,
  designName: string,
  slides: readonly Slide[],
  current: number,
  go: (slide: number) => void,
): { open: () => void; problem: string | undefined } {
  const channel = useRef<BroadcastChannel | undefined>(undefined);
  const [problem, setProblem] = useState<string>();
  const onMessage = useEffectEvent((message: PresenterMessage, send: (message: PresenterMessage) => void) => {
    if (message.type === 'hello') send({ type: 'deck', designName, slides, slide: current });
    else if (message.type === 'go') go(message.slide);
  });

  useEffect(() => {
    if (!canLinkWindows()) return;
    const opened = new BroadcastChannel(presenterChannelName(key));
    channel.current = opened;
    const send = (message: PresenterMessage) => opened.postMessage(message);
    opened.onmessage = (event: MessageEvent<unknown>) => {
      if (isPresenterMessage(event.data)) onMessage(event.data, send);
    };
    return () => {
      send({ type: 'ended' });
      opened.close();
      channel.current = undefined;
    };
  }, [key]);

  useEffect(() => {
    channel.current?.postMessage({ type: 'deck', designName, slides, slide: current } satisfies PresenterMessage);
  }, [designName, slides, current]);

  const open = useCallback(() => {
    if (!canLinkWindows()) {
      setProblem(
        'Presenter view needs a browser that can link two windows (BroadcastChannel); this one can’t. Present from this window, or open Keylab in a current Chrome, Edge, Firefox or Safari.',
      );
      return;
    }
    const opened = window.open(presenterUrl(window.location, key), `keylab-presenter-${key}`, 'popup,width=1280,height=800');
    setProblem(opened ? undefined : 'The browser blocked the presenter window: allow pop-ups for this page, then press Presenter view again.');
  }, [key]);

  return { open, problem };
}
