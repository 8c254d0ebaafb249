// Writing reviews (/write-comments) and the user center's "my reviews" (/user-center/uc-comments).
// The product page's review texts (and its filter's message, review.errors.evaluate) are in ui-product.ts.
// Keys are shared with en/ui-review.ts.
export const uiReview = {
  writeReview: {
    // The server's messages for writing a review (WriteReviewSchema, POST /p/prodComm): only the review pages need them, so they travel with these texts, not with the product page's.
    errors: {
      itemNotFound: '该商品不存在或不属于您的订单',
      notCompleted: '订单完成后才能评价',
      alreadyReviewed: '该商品已评价过了',
      score: '请为商品打分（1-5 星）',
      contentRequired: '请填写评价内容',
      contentTooLong: '评价内容最多 150 个字',
      tooManyPics: '最多上传 9 张图片',
      picInvalid: '图片地址不正确，请重新上传',
    },
    title: '发表评价',
    orderNumber: '订单号：{{number}}',
    intro: '您的评价能帮助其他买家做出选择，谢谢分享！',
    itemLabel: '评价 {{name}}',
    score: {
      legend: '商品评分',
      star_other: '{{count}} 星',
      none: '请点击星星打分',
      levels: { '1': '非常差', '2': '差', '3': '一般', '4': '好', '5': '非常好' },
    },
    content: {
      label: '评价内容',
      placeholder: '商品符合您的期待吗？说说它的优点和美中不足吧',
      counter: '{{count}}/{{max}}',
    },
    pictures: {
      label: '晒图（选填）',
      hint: '最多 {{max}} 张，支持 JPG、JPEG、PNG、GIF 格式，每张不超过 2MB',
      add: '添加图片',
      uploading: '上传中…',
      count: '已上传 {{count}}/{{max}} 张',
      picture: '评价图片 {{n}}',
      remove: '删除评价图片 {{n}}',
    },
    anonymous: '匿名评价',
    anonymousHint: '匿名后，其他买家看到的昵称将隐去中间部分',
    submit: '提交评价',
    submitting: '提交中…',
    submitted: '“{{name}}”评价成功，感谢您的分享！',
    empty: {
      title: '没有待评价的商品',
      text: '这笔订单暂时没有可评价的商品：订单可能尚未完成，或商品都已评价。',
    },
    allDone: {
      title: '这笔订单的商品都已评价',
      text: '感谢您的评价！您可以在“我的评价”中查看。',
    },
    toOrders: '返回我的订单',
    toMyReviews: '查看我的评价',
  },
  myReviews: {
    menu: '我的评价',
    title: '我的评价',
    tabs: {
      label: '评价状态',
      toReview: '待评价',
      reviewed: '已评价',
    },
    toReview: {
      empty: '暂无待评价的商品',
      completed: '完成时间：{{time}}',
      write: '评价',
      writeLabel: '评价 {{name}}',
    },
    reviewed: {
      empty: '您还没有发表过评价',
      anonymous: '匿名评价',
      hidden: '已被平台隐藏，其他买家看不到这条评价',
      time: '评价于 {{time}}',
    },
  },
};
