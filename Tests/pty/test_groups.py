"""A group's screen in a real pseudo-terminal: `open Household`, Tab, and back.

Run with: TALLY_BIN=.build/debug/tally python3 -m unittest discover -s Tests/pty -v
"""

import os
import shutil
import subprocess
import tempfile
import unittest

import pexpect

import test_repl
from test_repl import PROMPT_HOME, TALLY, new_database


class GroupScreenInATerminal(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.mkdtemp(prefix="tally-pty-groups-")
        self.env = dict(
            os.environ,
            TALLY_DB=new_database(self.folder),
            XDG_STATE_HOME=os.path.join(self.folder, "state"),
            TZ="UTC",
            TERM="xterm",
            COLUMNS="100",
            NO_COLOR="1",
            LC_ALL="C.UTF-8",
        )
        for title, units, kind in [
            ("Spend", "EUR", "total"),
            ("Energy", "EUR", "total"),
            ("Car", "km", "total"),
            ("Weight", "kg", "gauge"),
        ]:
            self.tally(
                "project", "add", title, "--frequency", "monthly", "--units", units,
                "--kind", kind, "--group", "Household",
            )
        self.tally("project", "add", "Running", "--frequency", "weekly", "--units", "km")
        self.tally("item", "add", "Spend", "40", "--at", "2024-01-05")
        self.tally("item", "add", "Energy", "60", "--at", "2024-01-06")

    def tearDown(self):
        shutil.rmtree(self.folder, ignore_errors=True)

    def tally(self, *arguments):
        subprocess.run([TALLY, *arguments], env=self.env, check=True, capture_output=True)

    def expect_prompt(self, child, crumb):
        # Through the module: a class imported here would be discovered and run twice.
        test_repl.REPLInATerminal.expect_prompt(self, child, crumb)

    def test_open_a_group_lists_its_projects_and_a_combined_sparkline(self):
        # The REPL's now is fixed in March 2024, so that the readings of January fall in the
        # sparklines' window whatever the date.
        child = pexpect.spawn(
            TALLY,
            [],
            env=dict(self.env, TALLY_NOW="2024-03-01T12:00"),
            encoding="utf-8",
            timeout=10,
            dimensions=(40, 100),
        )
        self.addCleanup(child.close, force=True)
        # The home screen shows the group's projects under its name, the others after.
        child.expect_exact("Household")
        child.expect_exact("No group")
        self.expect_prompt(child, PROMPT_HOME)
        # Tab completes the group's name after `open`.
        child.send("open Hou\t")
        child.expect_exact("Household ")
        child.send("\r")
        child.expect_exact("Household · 4 projects")
        child.expect_exact("Household (all), EUR per month: █")
        # By title, as on the home screen.
        child.expect_exact(
            "Not added up: Car is in km, not EUR; Weight is a gauge: only totals add up."
        )
        self.expect_prompt(child, "tally › Household › ")
        # `open 2` opens the group's second project by title, and back comes back to the group.
        child.sendline("open 2")
        child.expect_exact("Energy · EUR · monthly · 1 reading")
        self.expect_prompt(child, "tally › Household › Energy › ")
        child.sendline("back")
        child.expect_exact("Household · 4 projects")
        self.expect_prompt(child, "tally › Household › ")
        child.sendline("quit")
        child.expect(pexpect.EOF)
        child.close()
        self.assertEqual(child.exitstatus, 0)


if __name__ == "__main__":
    unittest.main()
