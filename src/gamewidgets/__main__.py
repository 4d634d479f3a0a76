import sys

from .cli import main

if __name__ == "__main__":  # python -m gamewidgets; importing the module (the API docs do) runs nothing
    sys.exit(main())
