import { message as staticMessage, notification as staticNotification, Modal, type App } from 'antd';

/**
 * Module-level access to antd's message/notification/modal for code outside React (request layer,
 * stores). <FeedbackHolder/> inside antd's <App> swaps the static fallbacks for the context-aware
 * instances so toasts follow the theme and locale.
 */
export type Feedback = ReturnType<typeof App.useApp>;

const holder: Feedback = {
  message: staticMessage,
  notification: staticNotification,
  // The static Modal lacks the promise decoration of the hook API; callers only use the returned handle.
  modal: Modal as unknown as Feedback['modal'],
};

export function setFeedback(next: Partial<Feedback>): void {
  Object.assign(holder, next);
}

export const feedback: Readonly<Feedback> = holder;
