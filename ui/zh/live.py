"""The live class (pages/live.py, ui/live.py) and the live.classes error templates."""

ZH = {
    "Live class": "课堂同步",
    "Class code": "课堂代码",
    "Scan to join": "扫码加入",
    "Your board, page and step are shown to the class as you work on any page.":
        "你在任何页面上的操作（看板、页面和步骤）都会同步给全班。",
    "Close the class": "结束课堂",
    "You are in class {code}.": "你已加入课堂 {code}。",
    "Your board follows the teacher's.": "你的看板正在跟随老师的看板。",
    "Try it myself": "我自己试试",
    "You are working on your own copy of the board.": "你正在使用自己的看板副本。",
    "Follow the teacher": "跟随老师",
    "Leave the class": "退出课堂",
    "Start a class": "开始课堂",
    "Join a class": "加入课堂",
    "Nickname (optional)": "昵称（可选）",
    "Join": "加入",
    # live/classes.py LiveError templates (translated by ui.live.message)
    "Something went wrong with the live class.": "课堂同步出错了。",
    "There is no class {code}: check the code; the class may have ended.":
        "没有代码为 {code} 的课堂：请检查代码；课堂可能已经结束。",
    "Only the teacher of class {code} can do this.": "只有课堂 {code} 的老师可以这样做。",
    "You are not in class {code}: join it again.": "你不在课堂 {code} 中：请重新加入。",
    "There is no question {question} in class {code}.": "课堂 {code} 中没有第 {question} 题。",
    "You have already answered question {question}: your first answer counts.":
        "你已经回答过第 {question} 题：以第一次回答为准。",
    "Question {question} has been revealed: answers are closed.": "第 {question} 题已公布答案：不再接受回答。",
    "Too many students are joining class {code} right now: try again in {seconds} s.":
        "现在加入课堂 {code} 的学生太多：请 {seconds} 秒后再试。",
    "Too many answers: try again in {seconds} s.": "回答太频繁：请 {seconds} 秒后再试。",
    "{what} is not valid.": "{what}无效。",
}
