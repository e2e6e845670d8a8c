"""The live class: a teacher's class, students following and answering."""
