/** The messages screens: each is loaded when its route is first opened (app/routes.tsx). */
export const screens = {
  messageList: () => import('./routes/MessageListScreen'),
  messageDetail: () => import('./routes/MessageDetailScreen'),
};
