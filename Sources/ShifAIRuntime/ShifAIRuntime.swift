// ShifAI's runtime: `import ShifAIRuntime` gives what the cycle tracker runs on the phone — her
// history and its one day state, the period-history model, the rules, the learners' cycle
// predictors, confidence and reasoning sentences, model files (encrypted or not) and the loop on
// the app's database — and none of Elaro, the lab or the tools.
@_exported import Cycles
@_exported import Explanations
@_exported import ModelFiles
@_exported import Personalization
