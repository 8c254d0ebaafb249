// 平台人员管理店铺与用户（issue 10）时接口返回的提示，以及被下线的店主、被禁用的用户看到的原因。
export const uiStaff = {
  staff: {
    errors: {
      keyword: '请输入搜索内容',
      keywordTooLong: '搜索内容不能超过 50 个字',
      shopStatus: '店铺状态无效',
      shopType: '请选择店铺类型（自营或普通）',
      userStatus: '用户状态无效',
      reasonRequired: '请填写原因',
      reasonTooLong: '原因不能超过 200 个字',
      shopNotFound: '店铺不存在',
      shopNotOpen: '只有营业中的店铺可以下线',
      shopNotOffline: '只有已下线的店铺可以重新开店',
      sameType: '店铺已是该类型',
      userNotFound: '用户不存在',
      userDisabled: '该用户已被禁用',
      userEnabled: '该用户未被禁用',
      accountDisabled: '该账号已被平台禁用，原因：{{reason}}。如有疑问请联系平台客服',
      shopOffline: '店铺已被平台下线，原因：{{reason}}。请咨询平台',
    },
  },
};
