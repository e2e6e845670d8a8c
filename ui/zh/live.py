"""The live class (pages/live.py, ui/classroom/live.py) and the live.classes error templates."""

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
    # live/classes.py LiveError templates (translated by ui.classroom.live.message)
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
    # questions in a live class (ui/classroom/live_quiz.py) and their chart (ui/charts.answers_histogram)
    "Ask the class": "向全班提问",
    "Question": "题目",
    "nDCG@K on the board": "看板上的 nDCG@K",
    "DCG@K on the board": "看板上的 DCG@K",
    "AP@K on the board": "看板上的 AP@K",
    "RR on the board": "看板上的 RR",
    "P@K on the board": "看板上的 P@K",
    "The quiz's next question": "测验的下一题",
    "{label}: {prompt}": "{label}：{prompt}",
    "Ask": "提问",
    "Question {number}: {label}": "第 {number} 题：{label}",
    "Show the exact value": "显示精确值",
    "Only you should see it before the reveal: the projector shows your screen.": "公布答案前只给你自己看：投影仪显示的是你的屏幕。",
    "Reveal the answer": "公布答案",
    "Right": "答对",
    "Exact value": "精确值",
    "**The mistakes the quiz recognised**": "**测验识别出的错误**",
    "students": "学生数",
    "mistake": "错误",
    "where to look": "看哪里",
    "No question yet: when the teacher asks one, it appears here.": "还没有题目：老师提问后，题目会出现在这里。",
    "You did not answer. The exact value: {label} = {exact}": "你没有作答。精确值：{label} = {exact}",
    "Your answer, {value}, is in: the teacher will reveal the answer.": "你的答案 {value} 已提交：等老师公布答案。",
    "Send the answer": "提交答案",
    "The class": "全班",
    "The board ranks no item: rank some items to ask about them.": "看板上没有排序的条目：先排几个条目再提问。",
    "The quiz's questions use whole grades 0, 1, 2, …; the board gives {item} the grade {grade}.":
        "测验的题目只用整数等级 0、1、2……；看板上 {item} 的等级是 {grade}。",
    "The quiz's nDCG takes its ideal ordering from all judged items; the board takes it from the list. "
    "Set the board's ideal ordering back to all judged items to ask about nDCG.":
        "测验的 nDCG 用所有已标注条目求理想排序；看板用的是列表本身。把看板的理想排序改回“所有已标注条目”才能问 nDCG。",
    "The quiz's AP divides by R, all relevant judged items; the board divides by another number. "
    "Set the board's AP denominator back to R to ask about AP.":
        "测验的 AP 除以 R（所有相关的已标注条目）；看板除以别的数。把看板的 AP 分母改回 R 才能问 AP。",
    "The quiz counts an item as relevant when its grade is at least 1; the board's threshold is "
    "{threshold}. Set it back to 1 to ask about {measure}.":
        "测验把等级至少为 1 的条目算作相关；看板的阈值是 {threshold}。把它改回 1 才能问 {measure}。",
    "answers": "答案",
    "exact: {value}": "精确值：{value}",
    "The class's answers": "全班的答案",
    "answer": "答案",
    "Scan to join class {code}": "扫码加入课堂 {code}",
    "Ask the next question": "提下一个问题",
    "The question": "题目内容",
    # store trouble, a class that ended or was lost, resuming (issue 19)
    "The class server cannot be reached right now: nothing was changed. Try again in a moment.":
        "现在连不上课堂服务器：什么都没有改变。请稍后再试。",
    "Live classes cannot run on this server: its class store ({store}) cannot be used. "
    "Ask whoever runs the app to check RML_LIVE_STORE.":
        "这台服务器上无法进行课堂同步：它的课堂存储（{store}）不能使用。请让运行本应用的人检查 RML_LIVE_STORE。",
    "The class server's file was deleted while classes were running: their answers are lost. "
    "Start a new class (students join it with its new code).":
        "课堂进行中，课堂服务器的文件被删除了：这些课堂的答案已经丢失。请开始一个新课堂（学生用新代码加入）。",
    "Your answer must be a number from {low} to {high}: nothing was sent.": "答案必须是 {low} 到 {high} 之间的数：没有提交。",
    "The teacher closed class {code}.": "老师已经结束了课堂 {code}。",
    "The exact value, the tolerance or the range of answers": "精确值、容差或答案范围",
    "Class {code} has ended: its time ran out, or the class server lost it (it restarted empty or "
    "its file was deleted). Your board is still here: start a new class to go on.":
        "课堂 {code} 已经结束：时间到了，或者课堂服务器丢失了它（服务器重启后是空的，或者它的文件被删除了）。"
        "你的看板还在：开始一个新课堂就可以继续。",
    "Class {code} has ended: the teacher closed it, its time ran out, or the class server lost it. "
    "To go on, join the teacher's new class with its code.":
        "课堂 {code} 已经结束：老师结束了它、时间到了，或者课堂服务器丢失了它。要继续，请用老师新课堂的代码加入。",
    "The teacher closed class {code}. To join another class, type its code below.":
        "老师已经结束了课堂 {code}。要加入别的课堂，请在下面输入它的代码。",
    "You are back in class {code}: its students and answers are as you left them.":
        "你回到了课堂 {code}：学生和答案都和你离开时一样。",
    "You are back in class {code}.": "你回到了课堂 {code}。",
    "The live class is kept: this screen goes on by itself when the class server answers again.":
        "课堂仍然保留：课堂服务器恢复后，这个屏幕会自动继续。",
    "Resume a class": "恢复课堂",
    "Resume": "恢复",
    "step table, column \u201c{column}\u201d, rank {rank}": "步骤表，“{column}”列，第 {rank} 位",
    "ideal ordering, column \u201c{column}\u201d, rank {rank}": "理想排序，“{column}”列，第 {rank} 位",
    "step table, column \u201c{column}\u201d": "步骤表，“{column}”列",
    # teach (session 8)
    "Give {decimals} decimals: {answer} has fewer, so it was not sent. Type it again with {decimals} decimals.":
        "请给出 {decimals} 位小数：{answer} 的小数位数不够，所以没有提交。请用 {decimals} 位小数重新输入。",
    "Ask the class about this": "就这一步向全班提问",
    "This page waits at step {step}, its values hidden, until you reveal the answer; the class answers on "
    "the Live class page. The ranking is the one beside this.":
        "公布答案之前，这个页面停在第 {step} 步，并隐藏它的数值；全班在“课堂同步”页面上作答。题目里的排序就是旁边这个。",
    "The question is about ranks 1\u2013{step} only, the ranks this step has shown.":
        "题目只涉及第 1\u2013{step} 位，也就是这一步已经显示的位置。",
    "{label} = ?": "{label} 是多少？",
    "Back to the steps": "回到步骤",
    "The page shows its step again, values and all; the question stays asked: reveal it on the Live "
    "class page.":
        "页面重新显示这一步，包括它的数值；题目仍然有效：请在“课堂同步”页面上公布答案。",
    "The mistakes the quiz recognised": "测验识别出的错误",
    "That is not the resume code of a running class: it is the long code the teacher sees under "
    "Teacher's private link.":
        "这不是正在进行的课堂的恢复代码：恢复代码是老师在“老师的私人链接”下看到的长代码。",
    "Teacher's private link": "老师的私人链接",
    "Keep it private: with it, this class can be taught from another browser or after a "
    "restart. This tab keeps it too (not in its address), so a reload gets the class back.":
        "请不要公开它：有了它，就能在别的浏览器上或重启之后继续上这个课堂。这个标签页也保存着它（不在地址里），"
        "所以刷新页面后课堂还在。",
    "Or paste this resume code under \u201cResume a class\u201d:": "或者把这个恢复代码粘贴到“恢复课堂”下：",
    "Resume code (the teacher's, from \u201cTeacher's private link\u201d)": "恢复代码（老师的，来自“老师的私人链接”）",
}
