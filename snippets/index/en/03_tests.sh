make test
