// The tools umbrella: `import OnDeviceML` gives every public module of the package — the app's
// runtime (`OnDeviceMLRuntime`, one list of its modules) plus the lab and the tools.
@_exported import OnDeviceMLRuntime
@_exported import CyclesLab
@_exported import PersonalizationLab
@_exported import ElaroLab
@_exported import Validation
#if Exports
@_exported import ModelExport  // the package trait Exports (on by default)
#endif
