"""The REPL in a real pseudo-terminal: typing, Tab, Ctrl-C, Ctrl-D, history and resume.

Run with: TALLY_BIN=.build/debug/tally python3 -m unittest discover -s Tests/pty -v
"""

import atexit
import json
import os
import re
import shutil
import signal
import stat
import subprocess
import tempfile
import termios
import unittest
import urllib.parse
import uuid

import pexpect

TALLY = os.path.abspath(os.environ.get("TALLY_BIN", ".build/debug/tally"))
PROMPT_HOME = "tally › "
# A prompt starts a line (readline may put terminal modes such as bracketed paste's
# "\x1b[?2004h" first) and is the last thing written before the REPL waits for a key.
PROMPT_START = r"(?:^|[\r\n])(?:\x1b\[[0-9;?]*[A-Za-z])*"
# How long the output must stay quiet after a prompt for it to count as the whole prompt.
PROMPT_SETTLE = 0.05


def new_database(folder):
    """Where a test keeps its data: a SQLite file in `folder`; with TALLY_PTY_BACKEND=postgres,
    a new database on the server that TALLY_TEST_POSTGRES names, dropped when the process ends.
    """
    if os.environ.get("TALLY_PTY_BACKEND", "sqlite") != "postgres":
        return os.path.join(folder, "tally.sqlite")
    server = os.environ["TALLY_TEST_POSTGRES"]
    name = "tally_pty_" + uuid.uuid4().hex[:12]
    subprocess.run(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", server, "-c",
                    f"CREATE DATABASE {name}"], check=True, capture_output=True)
    _CREATED.append((server, name))
    return urllib.parse.urlparse(server)._replace(path="/" + name).geturl()


_CREATED = []


def _drop_created():
    for server, name in _CREATED:
        subprocess.run(["psql", "-X", "-q", server, "-c",
                        f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"], capture_output=True)


atexit.register(_drop_created)


def prompt_pattern(text):
    """Matches `text` as a whole prompt: from a line start to the end of the output so far."""
    return re.compile(PROMPT_START + re.escape(text) + r"\Z")


class REPLInATerminal(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.mkdtemp(prefix="tally-pty-")
        self.env = dict(
            os.environ,
            TALLY_DB=new_database(self.folder),
            XDG_STATE_HOME=os.path.join(self.folder, "state"),
            # No start-up file but the test's own, and no pager unless a test asks for one.
            XDG_CONFIG_HOME=os.path.join(self.folder, "config"),
            TALLY_PAGER="",
            TZ="UTC",
            TERM="xterm",
            COLUMNS="100",
            NO_COLOR="1",
            LC_ALL="C.UTF-8",
        )
        self.tally("project", "add", "Mileage", "--frequency", "monthly", "--units", "km")
        self.tally("project", "add", "Fuel costs", "--frequency", "daily", "--units", "EUR")
        self.tally("item", "add", "Mileage", "42.5", "--at", "2024-01-05")

    def tearDown(self):
        shutil.rmtree(self.folder, ignore_errors=True)

    def tally(self, *arguments):
        subprocess.run([TALLY, *arguments], env=self.env, check=True, capture_output=True)

    def readings(self, title):
        """The project's readings as `item list --format csv` rows, without the header."""
        out = subprocess.run(
            [TALLY, "item", "list", title, "--format", "csv"],
            env=self.env, capture_output=True, text=True, check=True,
        ).stdout
        return out.splitlines()[1:]

    def start(self, colours=False):
        """The REPL on a terminal."""
        env = dict(self.env)
        if colours:
            env.pop("NO_COLOR")
        return self.spawn(env=env)

    def spawn(self, *arguments, env=None):
        """tally with `arguments` on a terminal."""
        child = pexpect.spawn(
            TALLY, list(arguments), env=env or self.env, encoding="utf-8", timeout=10,
            dimensions=(40, 100),
        )
        self.addCleanup(child.close, force=True)
        return child

    def quit(self, child):
        """Quits the REPL and checks that it exits 0."""
        child.sendline("quit")
        child.expect(pexpect.EOF)
        child.close()
        self.assertEqual(child.exitstatus, 0)

    def expect_prompt(self, child, crumb):
        """Waits for the whole prompt `crumb`, not a prefix of a longer one: `tally › ` must
        not match `tally › Mileage › `, even when the output arrives in two reads."""
        pattern = prompt_pattern(crumb)
        try:
            child.expect(pattern)
            while True:
                try:
                    more = child.read_nonblocking(65536, timeout=PROMPT_SETTLE)
                except pexpect.TIMEOUT:
                    return  # nothing after it: the REPL is waiting at this prompt
                # What matched was not the last thing written: look again, from the line
                # start that matched, through what followed.
                child.buffer = child.after + more
                child.expect(pattern)
        except pexpect.TIMEOUT:
            self.fail(f"no whole prompt {crumb!r}; the output ends {child.before[-300:]!r}")

    def test_navigate_complete_quit_and_resume(self):
        child = self.start()
        self.expect_prompt(child, PROMPT_HOME)
        # Tab completes a command, then a title with a space, quoted.
        child.send("op\t")
        child.expect_exact("open ")
        child.send("Fu\t")
        child.expect_exact('"Fuel costs" ')
        child.send("\r")
        self.expect_prompt(child, "tally › Fuel costs › ")
        child.sendline("home")
        self.expect_prompt(child, PROMPT_HOME)
        child.sendline("open Mileage")
        child.expect_exact("Mileage · km · monthly · 1 reading")
        self.expect_prompt(child, "tally › Mileage › ")
        # On a project screen the project is implied; options complete.
        child.send("add 12 --n\t")
        child.expect_exact("--note ")
        child.send('"short trip"\r')
        child.expect_exact("+ #2")
        child.expect_exact("short trip")
        child.sendline("report")
        child.expect_exact("Mileage (km), monthly")
        self.expect_prompt(child, "tally › Mileage › report › ")
        child.send("period q\t")
        child.expect_exact("quarterly ")
        child.send("\r")
        child.expect_exact("2024-Q1")
        child.sendline("back")
        self.expect_prompt(child, "tally › Mileage › ")
        child.sendline("report")
        self.expect_prompt(child, "tally › Mileage › report › ")
        child.sendline("quit")
        child.expect(pexpect.EOF)
        child.close()
        self.assertEqual(child.exitstatus, 0)

        # The next run lands on the same screen.
        again = self.start()
        again.expect_exact("Mileage (km), monthly")
        self.expect_prompt(again, "tally › Mileage › report › ")
        # Left on another period, the report screen reopens by it.
        again.sendline("period yearly")
        again.expect_exact("Mileage (km), yearly")
        self.expect_prompt(again, "tally › Mileage › report › ")
        again.sendline("quit")
        again.expect(pexpect.EOF)
        yearly = self.start()
        yearly.expect_exact("Mileage (km), yearly")
        self.expect_prompt(yearly, "tally › Mileage › report › ")
        yearly.sendline("quit")
        yearly.expect(pexpect.EOF)

        history = os.path.join(self.folder, "state", "tally", "history")
        with open(history, encoding="utf-8") as file:
            lines = file.read().splitlines()
        self.assertIn('open "Fuel costs"', lines)
        self.assertIn('add 12 --note "short trip"', lines)
        self.assertEqual(lines[-1], "quit")

    def test_another_process_writes_show_up_at_the_next_line(self):
        child = self.start()
        self.expect_prompt(child, PROMPT_HOME)
        child.sendline("open Mileage")
        self.expect_prompt(child, "tally › Mileage › ")
        self.tally("item", "add", "Mileage", "7", "--at", "2024-01-06", "--note", "elsewhere")
        child.sendline("")
        child.expect_exact("+ #2  2024-01-06 00:00  7 km  elsewhere")
        self.expect_prompt(child, "tally › Mileage › ")
        self.tally("project", "delete", "Mileage", "--yes")
        child.sendline("")
        self.expect_prompt(child, PROMPT_HOME)
        child.sendline("quit")
        child.expect(pexpect.EOF)

    def test_history_is_recalled_with_the_arrow_keys(self):
        child = self.start()
        self.expect_prompt(child, PROMPT_HOME)
        child.sendline("open Mileage")
        self.expect_prompt(child, "tally › Mileage › ")
        child.sendline("home")
        self.expect_prompt(child, PROMPT_HOME)
        child.send("\x1b[A\x1b[A\r")  # up twice: "open Mileage"
        self.expect_prompt(child, "tally › Mileage › ")
        child.sendline("quit")
        child.expect(pexpect.EOF)

    def test_ctrl_c_abandons_the_line_and_ctrl_d_goes_back_then_quits(self):
        child = self.start()
        self.expect_prompt(child, PROMPT_HOME)
        child.sendline("open Mileage")
        self.expect_prompt(child, "tally › Mileage › ")
        child.send("add 999")
        # Let readline take the keys first: a Ctrl-C sent microseconds after them can flush
        # them from the terminal while readline waits to read them. Readline echoes what it
        # has read: wait for the echo, not for a time.
        child.expect_exact("add 999")
        child.sendintr()
        self.expect_prompt(child, "tally › Mileage › ")
        child.sendline("report")
        self.expect_prompt(child, "tally › Mileage › report › ")
        child.sendeof()
        self.expect_prompt(child, "tally › Mileage › ")
        child.sendeof()
        self.expect_prompt(child, PROMPT_HOME)
        child.sendeof()
        child.expect(pexpect.EOF)
        child.close()
        self.assertEqual(child.exitstatus, 0)
        out = subprocess.run(
            [TALLY, "item", "list", "Mileage", "--format", "csv"],
            env=self.env, capture_output=True, text=True, check=True,
        ).stdout
        self.assertNotIn("999", out)

    def test_lines_after_ctrl_d_are_not_followed_by_blank_lines(self):
        child = self.start()
        self.expect_prompt(child, PROMPT_HOME)
        child.sendline("open Mileage")
        self.expect_prompt(child, "tally › Mileage › ")
        child.sendeof()
        self.expect_prompt(child, PROMPT_HOME)
        child.sendline("open Mileage")
        self.expect_prompt(child, "tally › Mileage › ")
        child.sendline("back")
        self.expect_prompt(child, PROMPT_HOME)
        # What `back` printed after Ctrl-D: the typed line ends once, with no blank line after.
        self.assertNotIn("\r\r\n", child.before)
        child.sendline("quit")
        child.expect(pexpect.EOF)

    def test_sigterm_gives_the_terminal_back_first(self):
        child = self.start()
        self.expect_prompt(child, PROMPT_HOME)
        mode = termios.tcgetattr(child.child_fd)[3]
        self.assertFalse(mode & termios.ICANON, "readline reads key by key")
        child.kill(signal.SIGTERM)
        child.expect(pexpect.EOF)
        mode = termios.tcgetattr(child.child_fd)[3]
        self.assertTrue(mode & termios.ICANON and mode & termios.ECHO, "the terminal is restored")
        child.close()
        self.assertEqual(child.signalstatus, signal.SIGTERM)

    def test_ctrl_z_keeps_the_session(self):
        # Under pexpect the process group has no job control, so the stop itself is ignored;
        # what is checked is that the line editor gives the terminal back and takes it again.
        child = self.start()
        self.expect_prompt(child, PROMPT_HOME)
        child.sendline("open Mileage")
        self.expect_prompt(child, "tally › Mileage › ")
        child.sendcontrol("z")
        self.expect_prompt(child, "tally › Mileage › ")
        child.sendline("home")
        self.expect_prompt(child, PROMPT_HOME)
        child.sendline("quit")
        child.expect(pexpect.EOF)

    def test_deleting_asks_on_a_terminal(self):
        child = self.start()
        self.expect_prompt(child, PROMPT_HOME)
        child.sendline("open Mileage")
        self.expect_prompt(child, "tally › Mileage › ")
        child.sendline("delete")
        self.expect_prompt(child, "Delete project Mileage and its 1 reading? [y/N] ")
        child.sendline("n")
        child.expect_exact("Not deleted.")
        self.expect_prompt(child, "tally › Mileage › ")
        child.sendline("delete 1")
        self.expect_prompt(child, "Delete reading #1 of Mileage: 42.5 km at 2024-01-05 00:00? [y/N] ")
        child.sendline("y")
        child.expect_exact("- #1")
        self.expect_prompt(child, "tally › Mileage › ")
        child.sendline("quit")
        child.expect(pexpect.EOF)
        child.close()
        # Answering no is not a failure: the session still exits 0.
        self.assertEqual(child.exitstatus, 0)
        self.assertEqual(self.readings("Mileage"), [])

    def test_item_delete_asks_on_a_terminal(self):
        reading = "1,2024-01-05T00:00:00+00:00,42.5,"
        child = self.spawn("item", "delete", "1")
        self.expect_prompt(child, "Delete reading #1 of Mileage: 42.5 km at 2024-01-05 00:00? [y/N] ")
        child.sendline("n")
        child.expect_exact("Not deleted.")
        child.expect(pexpect.EOF)
        child.close()
        self.assertEqual(child.exitstatus, 0)
        self.assertEqual(self.readings("Mileage"), [reading])

        child = self.spawn("item", "delete", "1")
        self.expect_prompt(child, "Delete reading #1 of Mileage: 42.5 km at 2024-01-05 00:00? [y/N] ")
        child.sendline("y")
        child.expect(pexpect.EOF)
        child.close()
        self.assertEqual(child.exitstatus, 0)
        self.assertEqual(self.readings("Mileage"), [])

    def test_project_delete_asks_on_a_terminal(self):
        child = self.spawn("project", "delete", "Mileage")
        # The same question as the REPL's.
        self.expect_prompt(child, "Delete project Mileage and its 1 reading? [y/N] ")
        child.sendline("n")
        child.expect_exact("Not deleted.")
        child.expect(pexpect.EOF)
        child.close()
        self.assertEqual(child.exitstatus, 0)
        self.assertEqual(len(self.readings("Mileage")), 1)

    def test_a_failed_line_leaves_the_exit_code_at_zero(self):
        child = self.start()
        self.expect_prompt(child, PROMPT_HOME)
        child.sendline("nonsense")
        child.expect_exact("unknown command 'nonsense'")
        self.expect_prompt(child, PROMPT_HOME)
        self.quit(child)

    def test_only_interactive_sessions_resume_the_saved_screen(self):
        child = self.start()
        self.expect_prompt(child, PROMPT_HOME)
        child.sendline("open Mileage")
        self.expect_prompt(child, "tally › Mileage › ")
        self.quit(child)

        # A script starts at home, where `add` is not a command: it fails and adds nothing.
        script = os.path.join(self.folder, "script.txt")
        with open(script, "w", encoding="utf-8") as file:
            file.write("add 7\n")
        run = subprocess.run(
            [TALLY, "repl", "--script", script], env=self.env, capture_output=True, text=True
        )
        self.assertEqual(run.returncode, 1, run.stderr)
        self.assertIn("unknown command 'add'", run.stderr)
        self.assertEqual(self.readings("Mileage"), ["1,2024-01-05T00:00:00+00:00,42.5,"])
        # Standard input that is not a terminal is a script too: an empty one prints nothing.
        with open(os.devnull, encoding="utf-8") as nothing:
            run = subprocess.run(
                [TALLY], env=self.env, stdin=nothing, capture_output=True, text=True
            )
        self.assertEqual((run.returncode, run.stdout), (0, ""), run.stderr)

        # The next interactive session still reopens Mileage's screen.
        again = self.start()
        again.expect_exact("Mileage · km · monthly · 1 reading")
        self.expect_prompt(again, "tally › Mileage › ")
        self.quit(again)

    def test_a_form_asks_field_by_field(self):
        child = self.start()
        self.expect_prompt(child, PROMPT_HOME)
        child.sendline("new")
        self.expect_prompt(child, "tally › new project › title: ")
        child.sendline("Weight")
        self.expect_prompt(child, "tally › new project › units (km, €, h): ")
        child.sendline("kg")
        frequency = ("tally › new project › frequency "
                     "(daily, weekly, monthly, quarterly, yearly) [monthly]: ")
        self.expect_prompt(child, frequency)
        child.sendline("fortnightly")
        child.expect_exact("frequency: The value 'fortnightly' is invalid for '--frequency")
        self.expect_prompt(child, frequency)
        child.sendline("weekly")
        kind = "tally › new project › kind (total, gauge, meter) [total]: "
        self.expect_prompt(child, kind)
        # Tab twice lists the kinds; a letter and Tab completes one.
        child.send("\t\t")
        child.expect(r"gauge\s+meter\s+total")
        self.expect_prompt(child, kind)
        child.send("g\t")
        child.expect_exact("gauge")
        child.sendline("")
        self.expect_prompt(child, "tally › new project › group (empty: none): ")
        child.sendline("")
        self.expect_prompt(child, "tally › new project › decimals (0-9, none): ")
        child.sendline("12")
        child.expect_exact("decimals: --decimals 12 is not between 0 and 9")
        self.expect_prompt(child, "tally › new project › decimals (0-9, none): ")
        child.sendline("1")
        self.expect_prompt(
            child, "tally › new project › goal (an amount per period; empty: none): ")
        child.sendline("80")
        self.expect_prompt(
            child, "tally › new project › goal per "
            "(daily, weekly, monthly, quarterly, yearly) [weekly]: ")
        child.sendline("")
        self.expect_prompt(
            child, "tally › new project › goal is (at-least, at-most) [at-least]: ")
        child.sendline("at-most")
        child.expect_exact("Created project Weight")
        self.expect_prompt(child, PROMPT_HOME)
        child.sendline("open Weight")
        child.expect_exact("Weight · kg · weekly gauge · 0 readings")
        child.expect_exact("Goal at most 80 kg per week")
        self.expect_prompt(child, "tally › Weight › ")
        child.sendline("quit")
        child.expect(pexpect.EOF)

    def test_colours_on_a_terminal_unless_no_color(self):
        child = self.start(colours=True)
        self.expect_prompt(child, "\x1b[1mtally ›\x1b[0m ")
        child.sendline("quit")
        child.expect(pexpect.EOF)
        plain = self.start()
        self.expect_prompt(plain, PROMPT_HOME)
        self.assertNotIn("\x1b[1m", plain.before)
        plain.sendline("quit")
        plain.expect(pexpect.EOF)

    def test_the_history_and_its_folders_are_the_users_alone(self):
        # Under the umask 0000 a folder made with the usual mode would be open to everyone.
        previous = os.umask(0)
        try:
            child = self.start()
        finally:
            os.umask(previous)
        self.expect_prompt(child, PROMPT_HOME)
        self.quit(child)
        state = os.path.join(self.folder, "state")
        for folder in (state, os.path.join(state, "tally")):
            self.assertEqual(stat.S_IMODE(os.stat(folder).st_mode), 0o700, folder)
        history = os.path.join(state, "tally", "history")
        self.assertEqual(stat.S_IMODE(os.stat(history).st_mode), 0o600)

    # What the REPL does when the world changes under it.

    def test_edit_with_options_on_a_project_screen_changes_the_reading(self):
        child = self.start()
        self.expect_prompt(child, PROMPT_HOME)
        child.sendline("open Mileage")
        self.expect_prompt(child, "tally › Mileage › ")
        child.sendline('edit 1 --amount 40 --note "full tank"')
        child.expect_exact("Changed reading 1 of Mileage")
        self.expect_prompt(child, "tally › Mileage › ")
        self.quit(child)
        self.assertEqual(self.readings("Mileage"), ["1,2024-01-05T00:00:00+00:00,40,full tank"])

    def test_a_time_zone_tally_does_not_know_is_said_under_the_first_screen(self):
        """The note comes after the screen it would otherwise scroll away under."""
        child = self.spawn(env=dict(self.env, TZ="Mars/Base"))
        child.expect_exact("Mileage")
        child.expect_exact("Note: TZ 'Mars/Base' is not a time zone tally knows")
        self.expect_prompt(child, PROMPT_HOME)
        self.quit(child)

    def test_a_forms_stored_values_show_as_escapes_never_raw(self):
        """A note from a stranger's file in an edit form's [default]: written out, as every
        screen writes it, so that it neither steers the terminal nor hides itself; Enter keeps
        it as it is stored."""
        note = "A\x1b[31mRED\u202ebidi\x07\tT\u2029X\u200b"
        self.tally("item", "edit", "1", "--note", note)
        child = self.start()
        self.expect_prompt(child, PROMPT_HOME)
        child.sendline("open Mileage")
        self.expect_prompt(child, "tally › Mileage › ")
        child.sendline("edit 1")
        child.expect_exact("amount [42.5]: ")
        child.sendline("")
        child.expect_exact("time [")
        child.sendline("")
        child.expect_exact(
            "note (- removes it) [A\\e[31mRED\\u{202E}bidi\\u{7}\\tT\\u{2029}X\\u{200B}]: ")
        shown = child.before + child.after
        for raw in ("\x1b[31m", "\u202e", "\x07", "\u2029", "\u200b"):
            self.assertNotIn(raw, shown)
        child.sendline("")
        child.expect_exact("Nothing changed.")
        self.expect_prompt(child, "tally › Mileage › ")
        self.quit(child)
        # The exact note is still stored (JSON, not lines: U+2029 ends a line for Python).
        listed = subprocess.run(
            [TALLY, "item", "list", "Mileage", "--format", "json"],
            env=self.env, capture_output=True, text=True, check=True,
        ).stdout
        self.assertEqual(json.loads(listed)[0]["note"], note)

    def test_a_time_project_shows_clocks_and_takes_them(self):
        self.tally("project", "add", "Writing", "--frequency", "daily", "--units", "h")
        self.tally("item", "add", "Writing", "1.3333333333333333", "--at", "2024-01-05")
        child = self.start()
        self.expect_prompt(child, PROMPT_HOME)
        child.sendline("open Writing")
        child.expect_exact("1:20 h")
        self.expect_prompt(child, "tally › Writing › ")
        child.sendline("add 1h05m --at 2024-01-05T10:00")
        child.expect_exact("1:05 h")
        self.expect_prompt(child, "tally › Writing › ")
        child.sendline("edit 2")
        self.expect_prompt(child, "tally › Writing › edit #2 › amount [1:20]: ")
        child.sendline("")  # Enter keeps the stored amount to the last digit
        child.expect_exact("time [")
        child.sendline("")
        child.expect_exact("note (- removes it)")
        child.sendline("")
        child.expect_exact("Nothing changed.")
        self.expect_prompt(child, "tally › Writing › ")
        child.sendline("edit 2")
        self.expect_prompt(child, "tally › Writing › edit #2 › amount [1:20]: ")
        child.sendline("1:75")
        child.expect_exact("'1:75': not a duration")
        self.expect_prompt(child, "tally › Writing › edit #2 › amount [1:20]: ")
        child.sendline("1:30")
        child.expect_exact("time [")
        child.sendline("")
        child.expect_exact("note (- removes it)")
        child.sendline("")
        child.expect_exact("1:30 h")
        self.expect_prompt(child, "tally › Writing › ")
        self.quit(child)
        self.assertEqual(
            self.readings("Writing"),
            ["2,2024-01-05T00:00:00+00:00,1.5,", "3,2024-01-05T10:00:00+00:00,1.0833333333333333,"],
        )

    def test_tags_are_added_shown_and_completed_like_any_option(self):
        child = self.start()
        self.expect_prompt(child, PROMPT_HOME)
        child.sendline('open "Fuel costs"')
        self.expect_prompt(child, "tally › Fuel costs › ")
        child.sendline('add 12.5 --at 2024-01-06 --note lunch --tag Food,work/client-a')
        child.expect_exact("Added reading 2 to Fuel costs")
        self.expect_prompt(child, "tally › Fuel costs › ")
        child.sendline("list")
        child.expect(r"TAGS\s+NOTE")
        child.expect(r"food,work/client-a\s+lunch")
        self.expect_prompt(child, "tally › Fuel costs › ")
        child.sendline("edit 2 --remove-tag food --add-tag travel")
        child.expect_exact("Changed reading 2 of Fuel costs")
        self.expect_prompt(child, "tally › Fuel costs › ")
        child.sendline("back")
        self.expect_prompt(child, PROMPT_HOME)
        child.sendline('open "Fuel costs"')
        # Tags have a column of their own, before the note, as item list has them.
        child.expect(r"TAGS\s+NOTE")
        child.expect(r"#travel #work/client-a\s+lunch")
        self.expect_prompt(child, "tally › Fuel costs › ")
        child.sendline("add 3 --tag 'no way'")
        child.expect_exact("Error: --tag 'no way'")
        self.expect_prompt(child, "tally › Fuel costs › ")
        self.quit(child)
        self.assertEqual(
            self.readings("Fuel costs"),
            ['2,2024-01-06T00:00:00+00:00,12.5,lunch,"travel,work/client-a"'],
        )

    def test_a_project_deleted_elsewhere_sends_the_screen_home_and_says_so(self):
        child = self.start()
        self.expect_prompt(child, PROMPT_HOME)
        child.sendline("open Mileage")
        self.expect_prompt(child, "tally › Mileage › ")
        self.tally("project", "delete", "Mileage", "--yes")
        child.sendline("add 5")
        # Messages wrap at spaces to the terminal's width.
        message = ("Mileage was deleted by another process (or, on a shared server, is no "
                   "longer shared with you); this line was not run")
        child.expect(r"\s+".join(re.escape(word) for word in message.split()))
        self.expect_prompt(child, PROMPT_HOME)
        self.quit(child)
        out = subprocess.run(
            [TALLY, "project", "list", "--format", "csv"],
            env=self.env, capture_output=True, text=True, check=True,
        ).stdout
        self.assertNotIn("Mileage", out)

    def test_a_hang_up_keeps_the_history_and_the_screen(self):
        child = self.start()
        self.expect_prompt(child, PROMPT_HOME)
        child.sendline("open Mileage")
        self.expect_prompt(child, "tally › Mileage › ")
        child.kill(signal.SIGHUP)
        child.expect(pexpect.EOF)
        child.close()
        history = os.path.join(self.folder, "state", "tally", "history")
        with open(history, encoding="utf-8") as lines:
            self.assertIn("open Mileage", lines.read().splitlines())
        again = self.start()
        self.expect_prompt(again, "tally › Mileage › ")
        self.quit(again)


if __name__ == "__main__":
    unittest.main()
