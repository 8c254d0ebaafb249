// The API's messages for the platform console's home banners page (issue 9). Keys are shared
// with en/ui-platform-banners.ts.
export const uiPlatformBanners = {
  platformBanners: {
    errors: {
      imgRequired: '请上传中文页面的图片',
      image: '图片无效，请重新上传',
      titleZhRequired: '请填写中文标题',
      titleZhTooLong: '中文标题最多 100 个字',
      titleEnRequired: '请填写英文标题',
      titleEnTooLong: '英文标题最多 200 个字符',
      product: '商品编号应为正整数',
      productNotFound: '该商品不存在或已删除',
      seq: '排序号应为 0 到 9999 的整数',
      enabled: '显示开关的值无效',
      notFound: '该轮播图不存在',
    },
  },
};
