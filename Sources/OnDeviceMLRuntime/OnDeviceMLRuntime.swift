// The app's umbrella module: `import OnDeviceMLRuntime` gives what a phone runs — model files,
// the learners' inference and on-device fine-tuning, cycle and Elaro predictions, explanations
// and reasoning, the app database loop — and none of the lab (generators, importers, evaluation,
// training from scratch, simulators, validation, exporters).
@_exported import TensorCore
@_exported import NeuralNet
@_exported import BoostedTrees
@_exported import Bandits
@_exported import Explanations
@_exported import ExplanationAdapters
@_exported import ModelFiles
@_exported import Cycles
@_exported import Personalization
@_exported import Elaro
