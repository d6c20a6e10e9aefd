"""The REPL's display on a real terminal: the pager, `view records`, the start-up file
(tallyrc), `--no-rc` and `watch`.

Run with: TALLY_BIN=.build/debug/tally python3 -m unittest Tests/pty/test_repl_display.py -v
"""

import os
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

import pexpect

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_repl
from test_repl import TALLY, new_database

PROMPT_HOME = "tally › "
PROMPT_MILEAGE = "tally › Mileage › "


class DisplayInATerminal(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.mkdtemp(prefix="tally-pty-display-")
        self.config = os.path.join(self.folder, "config")
        self.paged = os.path.join(self.folder, "paged.txt")
        # A pager that keeps what it is given, and says it ran.
        self.pager = os.path.join(self.folder, "pager.sh")
        with open(self.pager, "w") as script:
            script.write(f"#!/bin/sh\ncat >> '{self.paged}'\necho PAGER-RAN\n")
        os.chmod(self.pager, 0o755)
        self.env = dict(
            os.environ,
            TALLY_DB=new_database(self.folder),
            XDG_STATE_HOME=os.path.join(self.folder, "state"),
            XDG_CONFIG_HOME=self.config,
            TZ="UTC", TERM="xterm", COLUMNS="100", NO_COLOR="1", LC_ALL="C.UTF-8",
            PAGER=self.pager,
        )
        self.env.pop("TALLY_PAGER", None)
        self.tally("project", "add", "Mileage", "--frequency", "daily", "--units", "km")
        # 30 readings on 30 days: the project's screen is longer than a 20-line terminal.
        for day in range(1, 31):
            self.tally("item", "add", "Mileage", str(day), "--at", f"2024-01-{day:02d}")

    def tearDown(self):
        shutil.rmtree(self.folder, ignore_errors=True)

    def tally(self, *arguments):
        subprocess.run([TALLY, *arguments], env=self.env, check=True, capture_output=True)

    def spawn(self, *arguments, env=None, rows=20):
        child = pexpect.spawn(
            TALLY, list(arguments), env=env or self.env, encoding="utf-8", timeout=10,
            dimensions=(rows, 100))
        self.addCleanup(child.close, force=True)
        return child

    def expect_prompt(self, child, crumb):
        test_repl.REPLInATerminal.expect_prompt(self, child, crumb)

    def quit(self, child):
        child.sendline("quit")
        child.expect(pexpect.EOF)
        child.close()
        self.assertEqual(child.exitstatus, 0)

    def write_rc(self, text):
        os.makedirs(os.path.join(self.config, "tally"), exist_ok=True)
        path = os.path.join(self.config, "tally", "tallyrc")
        with open(path, "w") as rc:
            rc.write(text)
        return path

    def paged_text(self):
        if not os.path.exists(self.paged):
            return ""
        with open(self.paged) as paged:
            return paged.read()

    # The pager

    def test_long_output_goes_through_the_pager(self):
        child = self.spawn()
        self.expect_prompt(child, PROMPT_HOME)
        # A screen fits the terminal and is never paged; `list` asks for every reading.
        child.sendline("open Mileage")
        child.expect_exact("2024-01-30")
        child.expect_exact("`list` shows them all.")
        self.expect_prompt(child, PROMPT_MILEAGE)
        self.assertEqual(self.paged_text(), "")
        child.sendline("list")
        child.expect_exact("PAGER-RAN")
        self.expect_prompt(child, PROMPT_MILEAGE)
        self.assertIn("2024-01-01", self.paged_text())
        # Short output is printed as it is.
        child.sendline("pager")
        child.expect_exact("pager on: output longer than the terminal goes through the pager")
        self.expect_prompt(child, PROMPT_MILEAGE)
        self.quit(child)
        self.assertNotIn("pager on", self.paged_text())

    def test_tally_pager_overrides_pager(self):
        env = dict(self.env, PAGER="false", TALLY_PAGER=self.pager)
        child = self.spawn(env=env)
        self.expect_prompt(child, PROMPT_HOME)
        child.sendline("open Mileage")
        self.expect_prompt(child, PROMPT_MILEAGE)
        child.sendline("list")
        child.expect_exact("PAGER-RAN")
        self.expect_prompt(child, PROMPT_MILEAGE)
        self.quit(child)

    def test_no_pager_with_an_empty_tally_pager_or_after_pager_off(self):
        child = self.spawn(env=dict(self.env, TALLY_PAGER=""))
        self.expect_prompt(child, PROMPT_HOME)
        child.sendline("open Mileage")
        self.expect_prompt(child, PROMPT_MILEAGE)
        child.sendline("list")
        child.expect_exact("2024-01-01")
        self.expect_prompt(child, PROMPT_MILEAGE)
        self.quit(child)
        self.assertEqual(self.paged_text(), "")

        # The next interactive session reopens Mileage's screen: back home first.
        child = self.spawn()
        self.expect_prompt(child, PROMPT_MILEAGE)
        child.sendline("home")
        self.expect_prompt(child, PROMPT_HOME)
        child.sendline("pager off")
        child.expect_exact("pager off: output is printed as it is")
        self.expect_prompt(child, PROMPT_HOME)
        child.sendline("open Mileage")
        self.expect_prompt(child, PROMPT_MILEAGE)
        child.sendline("list")
        child.expect_exact("2024-01-01")
        self.expect_prompt(child, PROMPT_MILEAGE)
        child.sendline("pager on")
        self.expect_prompt(child, PROMPT_MILEAGE)
        child.sendline("list")
        child.expect_exact("PAGER-RAN")
        self.expect_prompt(child, PROMPT_MILEAGE)
        self.quit(child)

    def test_no_pager_when_output_is_not_a_terminal(self):
        result = subprocess.run(
            [TALLY], input="open Mileage\n", env=self.env, capture_output=True, text=True)
        self.assertEqual(result.returncode, 0)
        self.assertIn("2024-01-30", result.stdout)
        self.assertEqual(self.paged_text(), "")

    def test_a_pager_that_does_not_start_falls_back_to_printing(self):
        child = self.spawn(env=dict(self.env, PAGER="/nonexistent/pager"))
        self.expect_prompt(child, PROMPT_HOME)
        child.sendline("open Mileage")
        self.expect_prompt(child, PROMPT_MILEAGE)
        child.sendline("list")
        child.expect_exact("2024-01-30")
        self.expect_prompt(child, PROMPT_MILEAGE)
        self.quit(child)

    def test_ctrl_c_in_the_pager_returns_to_the_prompt(self):
        # A pager that waits, as less does, until Ctrl-C ends it.
        waiting = os.path.join(self.folder, "waiting.sh")
        with open(waiting, "w") as script:
            # `exec`: the shell becomes the sleep, so Ctrl-C ends whichever of them is there,
            # however soon after WAITING it comes; no child outlives it.
            script.write("#!/bin/sh\ncat > /dev/null\necho WAITING\nexec sleep 30\n")
        os.chmod(waiting, 0o755)
        child = self.spawn(env=dict(self.env, PAGER=waiting))
        self.expect_prompt(child, PROMPT_HOME)
        child.sendline("open Mileage")
        self.expect_prompt(child, PROMPT_MILEAGE)
        child.sendline("list")
        child.expect_exact("WAITING")
        child.sendintr()
        self.expect_prompt(child, PROMPT_MILEAGE)
        child.sendline("back")
        self.expect_prompt(child, PROMPT_HOME)
        self.quit(child)

    @unittest.skipUnless(shutil.which("less"), "less is not installed")
    def test_ctrl_c_in_less_returns_to_the_prompt(self):
        # less keeps its prompt on Ctrl-C unless told -K: tally tells it through LESS, for
        # the default pager and for README's own `less -S` alike.
        for pager in ("less -FRX", "less -S"):
            child = self.spawn(env=dict(self.env, PAGER=pager, LESS="-M"))
            self.expect_prompt(child, PROMPT_HOME)
            child.sendline("open Mileage")
            self.expect_prompt(child, PROMPT_MILEAGE)
            child.sendline("list")
            child.expect_exact("2024-01-01")  # less shows the first page and waits
            time.sleep(0.3)
            child.sendintr()
            self.expect_prompt(child, PROMPT_MILEAGE)
            child.sendline("back")
            self.expect_prompt(child, PROMPT_HOME)
            self.quit(child)

    # view records

    def test_view_records_shows_one_field_a_line(self):
        child = self.spawn(env=dict(self.env, TALLY_PAGER=""), rows=200)
        self.expect_prompt(child, PROMPT_HOME)
        child.sendline("view")
        child.expect_exact("view auto")
        self.expect_prompt(child, PROMPT_HOME)
        child.sendline("open Mileage")
        self.expect_prompt(child, PROMPT_MILEAGE)
        child.sendline("view records")
        child.expect_exact("-[ RECORD 1 ]")
        child.expect(r"AMOUNT \| 30 km")
        self.expect_prompt(child, PROMPT_MILEAGE)
        child.sendline("view table")
        child.expect(r"ID\s+TIME\s+AMOUNT")
        self.expect_prompt(child, PROMPT_MILEAGE)
        self.quit(child)

    # The start-up file

    def test_tallyrc_runs_before_the_first_prompt_and_names_a_bad_line(self):
        path = self.write_rc("# my settings\n\nview records\nbogus words\npager off\n")
        before = os.stat(path)
        child = self.spawn(rows=200)
        child.expect_exact(f"{path}:4: unknown command 'bogus'")
        self.expect_prompt(child, PROMPT_HOME)
        child.sendline("view")
        child.expect_exact("view records")
        self.expect_prompt(child, PROMPT_HOME)
        child.sendline("pager")
        child.expect_exact("pager off")
        self.expect_prompt(child, PROMPT_HOME)
        self.quit(child)
        after = os.stat(path)
        self.assertEqual((before.st_mtime_ns, before.st_size), (after.st_mtime_ns, after.st_size))

    def test_no_rc_skips_it_and_subcommands_never_run_it(self):
        self.write_rc("view records\n")
        for arguments in (["--no-rc"], ["repl", "--no-rc"]):
            child = self.spawn(*arguments)
            self.expect_prompt(child, PROMPT_HOME)
            child.sendline("view")
            child.expect_exact("view auto")
            self.expect_prompt(child, PROMPT_HOME)
            self.quit(child)
        self.write_rc("project add FromRC --frequency daily\n")
        self.tally("project", "list")
        listed = subprocess.run(
            [TALLY, "project", "list", "--format", "csv"], env=self.env,
            capture_output=True, text=True, check=True).stdout
        self.assertNotIn("FromRC", listed)

    def test_no_tallyrc_is_made(self):
        child = self.spawn()
        self.expect_prompt(child, PROMPT_HOME)
        self.quit(child)
        self.assertFalse(os.path.exists(self.config))

    # watch

    def test_watch_shows_the_screen_again_until_ctrl_c(self):
        child = self.spawn(env=dict(self.env, TALLY_PAGER=""), rows=200)
        self.expect_prompt(child, PROMPT_HOME)
        child.sendline("watch 0")
        child.expect_exact("watch takes the seconds between showings")
        self.expect_prompt(child, PROMPT_HOME)
        child.sendline("watch 1")
        child.expect(r"Every 1 s · \d\d:\d\d:\d\d · Ctrl-C stops")
        child.expect_exact("Mileage")
        # Another process adds a project meanwhile: the next showing has it.
        self.tally("project", "add", "Spend", "--frequency", "daily")
        child.expect(r"Every 1 s · \d\d:\d\d:\d\d · Ctrl-C stops")
        child.expect_exact("Spend")
        child.sendintr()
        self.expect_prompt(child, PROMPT_HOME)
        child.sendline("view")
        child.expect_exact("view auto")
        self.expect_prompt(child, PROMPT_HOME)
        self.quit(child)


if __name__ == "__main__":
    unittest.main()
