// The API's texts for a shop's staff accounts (decision 057). Keys are shared with en/ui-merchant-staff.ts.
export const uiMerchantStaff = {
  merchantStaff: {
    errors: {
      usernameRule: '账号为 4-32 位字母、数字或 - _ .，以字母或数字开头',
      usernameTaken: '该账号已被使用',
      displayName: '姓名最多 32 个字',
      role: '请选择员工角色：客服、仓库或运营',
      status: '账号状态不正确',
      notFound: '员工账号不存在',
      owner: '不能修改店主账号',
      disabled: '该员工账号已被停用，请联系店主',
      passwordRule: '密码为 6-12 位半角字符',
    },
  },
};
