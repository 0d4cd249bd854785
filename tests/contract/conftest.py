"""Every test here that takes `game` runs once for every registered game: the ones
built in and the game from outside this repository, installed for the test and found
through the same entry points."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from boardgames_tui.engine import registry
from boardgames_tui.engine.parts import Game

from ..outside_game import SLUG as OUTSIDE, installed

# The games the entry points name, and the outside one.
SLUGS = sorted({*registry.slugs(), OUTSIDE})

def examples(count: int) -> settings:
    """Hypothesis settings for tests that play a whole random game an example: a few
    examples for each game.  The `game` fixture installs the outside game once for all
    of a test's examples."""
    return settings(
        max_examples=count,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    )


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "game" in metafunc.fixturenames:
        metafunc.parametrize("game", SLUGS, indirect=True)


@pytest.fixture(scope="session")
def outside_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the outside game's dist-info is written, once per process."""
    return tmp_path_factory.mktemp("site")


@pytest.fixture
def game(request: pytest.FixtureRequest, outside_site: Path) -> Iterator[Game]:
    with installed(outside_site):
        yield registry.get_game(request.param)
