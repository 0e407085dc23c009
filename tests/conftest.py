import pytest


def pytest_addoption(parser):
    parser.addoption(
        "--record-outputs",
        action="store_true",
        help="write each run-tier block's output into its recorded file instead of comparing",
    )
    parser.addoption(
        "--online",
        action="store_true",
        help="also run the network tier (real downloads)",
    )


@pytest.fixture
def record_outputs(request):
    return request.config.getoption("--record-outputs")


@pytest.fixture
def online(request):
    return request.config.getoption("--online")
