"""The parts a game's screen hands its jobs to: passing the keyboard, running bots, the
hint desk, the lesson desk, the status line and the table's news.  Each holds the
screen it serves and works through the screen's table and widgets; the screen
(`ui/game_screen.py`) conducts them."""
