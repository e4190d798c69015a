"""The forecast of each user of a dataset through the Python binding, as `odml predict --json` prints it.

usage: python3 predict.py MODEL DATA DATE LANGUAGE USER...
(the runner scripts/capi-parity.py compares with the command line; like each run of odml, each
user gets a freshly loaded model: docs/c-api.md, "Determinism").
"""
import sys

import ondeviceml


def main(arguments):
    if len(arguments) < 5:
        print(__doc__.split("\n\n")[1].strip(), file=sys.stderr)
        return 2
    model_path, data, date, language, *users = arguments
    for user in users:
        with ondeviceml.Model.load(model_path) as model, ondeviceml.History.load(data, user=user) as history:
            print(ondeviceml.predict_json(model, history, date=date, language=language))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
