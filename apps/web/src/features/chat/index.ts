/** The chat feature's door: compose it in app/ (a feature never imports another feature). */
export { ChatPanel, type TChatPanelProps } from './chat-panel';
export { ChatPage } from './chat-page';
