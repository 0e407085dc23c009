"""The verification engine of the site: every code block on a page is a snippet the tests run.

Modules, in the order data flows through them:

- project    where things are; the site's languages (from mkdocs.yml) and the Keras backends
- tiers      the one table of verification tiers (how a block is checked, shown and mutated)
- pages      the one reader: a page's Markdown -> prose and blocks (tier, options, line span,
             snippet, recorded output)
- notebooks  a page -> its Jupyter notebook (the reader's download, and what the tests execute)
- execute    runs a page by executing that notebook in a kernel; compares outputs with recordings
- checks     install lines resolved (resolve tier); whether a GPU is there (gpu tier)
- shell      a shell snippet's commands, heredocs and what each `python …` in it runs
- static     blocks CI does not execute (gpu, network, lint): syntax, names, imports, offline
- code_parity  each translated snippet is the same program as its original
- translations  which version of its original each translated page follows (drift record);
             translation_banner, the notice a page behind its original shows;
             translation_proof, when the original's run proves the translation's
- records    page verification records (stamps, the --cached key)
- bench      measures the pages' own programs; figures renders its records into pages
- prose_numbers  every number in the prose traced to an output, the code or a bench figure, or
             labelled as the source's (^fuente^) or the data generator's (^generador^);
             prose_number_rules, the numbers that are not quantities (versions, ids, dates)
- prose_marks    what is prose text, and those labels rendered (the build and notebooks use it, not the tracer)
- build      the build steps, plain functions over page text (figures, badges, stamp, notebook)
- mkdocs_plugin / pytest_plugin   thin adapters, registered by entry points in pyproject.toml;
             the plugin's --cached verdicts are verdict_cache, its site builds site_build, and a
             sharded run's records are merged by shards
- mutation   makes each kind of mistake on purpose, one at a time: does the suite notice?
"""
