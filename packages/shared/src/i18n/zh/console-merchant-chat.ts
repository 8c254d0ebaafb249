// The merchant center's chat inbox (issue 28); keys shared with en/console-merchant-chat.ts.
import { chatShared } from './console-chat-shared.ts';

export const consoleMerchantChat = {
  chat: {
    ...chatShared,
    inbox: {
      menu: '客服消息',
      title: '客服消息',
      conversations: '买家会话',
      status: '接待状态',
      online: '在线',
      away: '离开',
      awayHint: '离开时买家的消息会保留，买家会收到“商家暂时离开”的提示',
      statusSaved: '接待状态已更新',
      unreadOnly: '只看未读',
      context: '买家信息',
      orders: '在本店的订单',
      products: '最近浏览的本店商品',
      none: '暂无',
      quickReplies: '快捷回复',
      quickInsert: '插入快捷回复',
      manage: '管理快捷回复',
      add: '添加',
      newReply: '新的快捷回复',
      edit: '修改',
      save: '保存',
      cancel: '取消',
      delete: '删除',
      deleteConfirm: '删除这条快捷回复？',
      saved: '快捷回复已保存',
      deleted: '快捷回复已删除',
    },
  },
};
