import type { TopicName, TopicPayload } from './topics';
import { topics } from './topics';

export type Unsubscribe = () => void;
export type Handler<T extends TopicName> = (payload: TopicPayload<T>) => void;

export interface Bus {
  /** Validates the payload against the topic's schema; an invalid payload throws and reaches nobody. */
  publish<T extends TopicName>(topic: T, payload: TopicPayload<T>): void;
  /** Subscribes; the topic's last value, if any, is delivered at once. */
  subscribe<T extends TopicName>(topic: T, handler: Handler<T>): Unsubscribe;
  last<T extends TopicName>(topic: T): TopicPayload<T> | undefined;
}

export class BusPayloadError extends Error {
  constructor(topic: string, detail: string) {
    super(`Invalid payload for bus topic "${topic}": ${detail}`);
    this.name = 'BusPayloadError';
  }
}

export function createBus(onHandlerError: (error: unknown, topic: TopicName) => void = (e) => console.error(e)): Bus {
  const handlers = new Map<TopicName, Set<Handler<never>>>();
  const lastValues = new Map<TopicName, unknown>();

  return {
    publish(topic, payload) {
      const parsed = topics[topic].schema.safeParse(payload);
      if (!parsed.success) throw new BusPayloadError(topic, parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'} ${i.message}`).join('; '));
      lastValues.set(topic, parsed.data);
      for (const handler of [...(handlers.get(topic) ?? [])]) {
        try {
          (handler as Handler<typeof topic>)(parsed.data as TopicPayload<typeof topic>);
        } catch (error) {
          onHandlerError(error, topic);
        }
      }
    },
    subscribe(topic, handler) {
      let set = handlers.get(topic);
      if (!set) handlers.set(topic, (set = new Set()));
      set.add(handler as Handler<never>);
      if (lastValues.has(topic)) {
        try {
          handler(lastValues.get(topic) as TopicPayload<typeof topic>);
        } catch (error) {
          onHandlerError(error, topic);
        }
      }
      return () => {
        set.delete(handler as Handler<never>);
      };
    },
    last(topic) {
      return lastValues.get(topic) as TopicPayload<typeof topic> | undefined;
    },
  };
}
