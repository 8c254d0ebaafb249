// The merchant center's chat inbox (issue 28); keys shared with zh/console-merchant-chat.ts.
import { chatShared } from './console-chat-shared.ts';

export const consoleMerchantChat = {
  chat: {
    ...chatShared,
    inbox: {
      menu: 'Messages',
      title: 'Messages',
      conversations: 'Shoppers',
      status: 'Status',
      online: 'Online',
      away: 'Away',
      awayHint: 'While away, shoppers’ messages are kept and they are told the shop is away',
      statusSaved: 'Status updated',
      unreadOnly: 'Unread only',
      context: 'About the shopper',
      orders: 'Their orders with this shop',
      products: 'This shop’s products they viewed',
      none: 'None',
      quickReplies: 'Quick replies',
      quickInsert: 'Insert a quick reply',
      manage: 'Manage quick replies',
      add: 'Add',
      newReply: 'New quick reply',
      edit: 'Edit',
      save: 'Save',
      cancel: 'Cancel',
      delete: 'Delete',
      deleteConfirm: 'Delete this quick reply?',
      saved: 'Quick reply saved',
      deleted: 'Quick reply deleted',
    },
  },
};
